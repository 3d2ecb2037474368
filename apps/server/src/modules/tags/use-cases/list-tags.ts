import type { AppContext } from '../../../app-context.js';
import { isSupervisorOrAdmin, type Actor } from '../../auth/actor.js';
import { listTagRows, type TagRow } from '../tags.repository.js';

/** Every tag for supervisors and admins (their screen); the active ones for agents (what they can add), or with `activeOnly`. */
export async function listTags(ctx: AppContext, actor: Actor, options: { activeOnly?: boolean } = {}): Promise<TagRow[]> {
  return listTagRows(ctx.db, actor.tenantId, { activeOnly: options.activeOnly || !isSupervisorOrAdmin(actor) });
}
