import type { AppContext } from '../../../app-context.js';
import { isSupervisorOrAdmin, type Actor } from '../../auth/actor.js';
import { listQuickMessages as listRows, type QuickMessageRow } from '../quick-messages.repository.js';

/**
 * The tenant's quick messages: every one for supervisors and admins (their screen), the active ones
 * for agents (the composer offers only what can be sent); `activeOnly` asks for the latter anyway.
 */
export async function listQuickMessages(ctx: AppContext, actor: Actor, options: { activeOnly?: boolean } = {}): Promise<QuickMessageRow[]> {
  return listRows(ctx.db, actor.tenantId, { activeOnly: options.activeOnly || !isSupervisorOrAdmin(actor) });
}
