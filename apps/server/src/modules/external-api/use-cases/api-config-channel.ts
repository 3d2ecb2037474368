import type { Db } from '../../../platform/db/client.js';
import { AppError } from '../../../platform/http/app-error.js';
import { findChannelById } from '../../channels/use-cases/find-channel-by-id.js';

/** The send-by channel must be one of the tenant's channels: another tenant's is as unknown as a missing one. */
export async function assertChannelOfTenant(db: Db, tenantId: number, channelId: number): Promise<void> {
  if (!(await findChannelById(db, tenantId, channelId)))
    throw new AppError('ERR_NO_WAPP_FOUND', undefined, { channelId: [`No channel ${channelId}`] });
}
