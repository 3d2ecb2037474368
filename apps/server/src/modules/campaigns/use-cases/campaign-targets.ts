import type { Db } from '../../../platform/db/client.js';
import { AppError } from '../../../platform/http/app-error.js';
import { findChannelById } from '../../channels/use-cases/find-channel-by-id.js';
import { findQueueById } from '../../queues/use-cases/find-queue-by-id.js';

/** The channel and the reply queue a campaign names must be the tenant's (as the new-ticket modal checks them). */
export async function assertCampaignTargets(
  tx: Db,
  tenantId: number,
  target: { channelId?: number; queueId?: number | null },
): Promise<void> {
  if (target.channelId !== undefined && !(await findChannelById(tx, tenantId, target.channelId))) throw new AppError('ERR_NO_WAPP_FOUND');
  if (target.queueId != null && !(await findQueueById(tx, tenantId, target.queueId))) throw new AppError('ERR_NO_QUEUE_FOUND');
}
