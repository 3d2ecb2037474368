import type { ChannelStatus } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { isAdmin, isPlatformAdmin, type Actor } from '../../auth/actor.js';
import { listChannelSessions as readChannelSessions, type ChannelSessionRow } from '../channels.repository.js';

/**
 * The sessions monitor: each channel's status, number, last activity and the server process
 * holding its QR-code session. `scope` 'platform': every tenant's (or `tenantId`'s), for the
 * platform superadmin of tenant 1 (/sessoestenants); 'tenant': the admin's own tenant (/sessoes).
 */
export async function listChannelSessions(
  ctx: AppContext,
  actor: Actor,
  input: { scope: 'platform' | 'tenant'; tenantId?: number; status?: ChannelStatus },
): Promise<ChannelSessionRow[]> {
  if (input.scope === 'platform') {
    if (!isPlatformAdmin(actor)) throw new AppError('ERR_NO_PERMISSION');
    return readChannelSessions(ctx.db, { tenantId: input.tenantId ?? null, status: input.status });
  }
  if (!isAdmin(actor)) throw new AppError('ERR_NO_PERMISSION');
  return readChannelSessions(ctx.db, { tenantId: actor.tenantId, status: input.status });
}
