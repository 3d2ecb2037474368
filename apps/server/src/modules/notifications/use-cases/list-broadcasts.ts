import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanBroadcast } from '../notifications.policy.js';
import { listBroadcasts as listBroadcastRows, type BroadcastRow } from '../notifications.repository.js';

export const BROADCASTS_LIST_LIMIT = 200;

/** What the platform superadmin sent, newest first. */
export async function listBroadcasts(ctx: AppContext, actor: Actor): Promise<BroadcastRow[]> {
  assertCanBroadcast(actor);
  return listBroadcastRows(ctx.db, actor.tenantId, BROADCASTS_LIST_LIMIT);
}
