import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { listGroupWords as listWordRows, type GroupWordRow } from '../group-tools.repository.js';

/** The tenant's word list, alphabetical (of one channel when given). */
export function listGroupWords(ctx: AppContext, actor: Actor, channelId?: number): Promise<GroupWordRow[]> {
  return listWordRows(ctx.db, actor.tenantId, channelId);
}
