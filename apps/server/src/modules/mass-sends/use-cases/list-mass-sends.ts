import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { visibleCreator } from '../mass-sends.policy.js';
import { listMassSendViews, type MassSendView } from '../mass-sends.repository.js';

/** The latest mass sends are what the screen lists. */
const LIST_LIMIT = 200;

/** The mass sends the actor sees (all of the tenant's for supervisors and admins, an agent's own), newest first. */
export async function listMassSends(ctx: AppContext, actor: Actor): Promise<MassSendView[]> {
  return listMassSendViews(ctx.db, actor.tenantId, { createdById: visibleCreator(actor), limit: LIST_LIMIT });
}
