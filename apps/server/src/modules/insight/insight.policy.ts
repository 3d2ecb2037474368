import type { Db } from '../../platform/db/client.js';
import { isAdmin, type Actor } from '../auth/actor.js';
import { visibleTicketsCondition } from '../tickets/use-cases/ticket-access.js';
import { ownTicketsCondition, type TicketScope } from './insight.repository.js';

/**
 * Whose tickets the dashboard counts (issue 14, SPEC §6): admins every ticket of the tenant;
 * supervisors the tickets of their queues and their own, by the ticket list's own rule with
 * show-all off (so the tenant's visibility settings, supervisorAdmin included, apply as they do in
 * the inbox); agents only the tickets assigned to them. Undefined: the whole tenant.
 */
export async function dashboardScope(db: Db, actor: Actor): Promise<TicketScope> {
  if (isAdmin(actor)) return undefined;
  if (actor.profile === 'super') return visibleTicketsCondition(db, actor, { showAll: false, includeNoQueue: false });
  return ownTicketsCondition(actor.userId);
}
