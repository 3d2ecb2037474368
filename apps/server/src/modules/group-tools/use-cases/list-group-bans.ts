import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { listGroupBans as listBanRows, type GroupBanRow } from '../group-tools.repository.js';

/** The tenant's ban list, newest first (of one channel when given). */
export function listGroupBans(ctx: AppContext, actor: Actor, channelId?: number): Promise<GroupBanRow[]> {
  return listBanRows(ctx.db, actor.tenantId, channelId);
}
