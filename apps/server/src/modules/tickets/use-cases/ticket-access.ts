import type { AppContext } from '../../../app-context.js';
import { isAttendedByOther } from '@conversa/shared/ticket-holder';
import type { Db } from '../../../platform/db/client.js';
import { AppError } from '../../../platform/http/app-error.js';
import { isAdmin, type Actor } from '../../auth/actor.js';
import { listContactWalletUserIds } from '../../contacts/use-cases/list-contact-wallet-user-ids.js';
import { listUserQueues } from '../../queues/use-cases/list-user-queues.js';
import { readSettings } from '../../settings/use-cases/read-settings.js';
import { findUserById } from '../../users/use-cases/find-user-by-id.js';
import { canSeeTicket, seesAsAdmin, visibilityRule, type VisibilityRule } from '../tickets.policy.js';
import { visibilityFacts } from '../tickets.presenter.js';
import { findTicketById, selectVisibleTicketIds, visibilitySql, type TicketRow } from '../tickets.repository.js';

export async function visibilityRuleFor(
  db: Db,
  actor: Actor,
  options: { showAll?: boolean; includeNoQueue?: boolean } = {},
): Promise<VisibilityRule> {
  const [queues, settings] = await Promise.all([listUserQueues(db, actor.tenantId, actor.userId), readSettings(db, actor.tenantId)]);
  return visibilityRule(
    actor,
    queues.map((q) => q.id),
    settings,
    options,
  );
}

/**
 * The ticket if the actor may act on it: another tenant's ticket does not exist (404); a ticket of
 * the tenant outside the actor's visibility is forbidden (403). Admins see all, and supervisors
 * unless supervisorAdmin reduces them to the users' logic (the rule says so).
 */
export async function assertCanSeeTicket(ctx: AppContext, actor: Actor, ticketId: number, db: Db = ctx.db): Promise<TicketRow> {
  const ticket = await findTicketById(db, actor.tenantId, ticketId);
  if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND');
  if (isAdmin(actor)) return ticket;
  const rule = await visibilityRuleFor(db, actor);
  if (rule.all) return ticket;
  const wallets = await listContactWalletUserIds(db, actor.tenantId, ticket.contactId);
  if (!canSeeTicket(rule, visibilityFacts(ticket), wallets)) throw new AppError('ERR_NO_PERMISSION');
  return ticket;
}

/**
 * An open ticket another user is attending is theirs (SPEC §6: only an admin may assign a contact's
 * ongoing ticket to another user): anyone else but an admin may not accept, transfer, return,
 * release or resolve it, since each of those hands it over (directly, or through the queue or a
 * reopen). Reading it and its per-ticket switches stay open to whoever sees it. A waiting ticket
 * with a user's name (transferred to them, given by auto-distribution or a wallet) can still be
 * accepted by whoever sees it, explicitly (the web app asks first): its user may be away.
 */
export function assertMayReassignTicket(actor: Actor, ticket: Pick<TicketRow, 'status' | 'userId'>): void {
  if (isAttendedByOther(ticket, actor.userId) && !isAdmin(actor)) throw new AppError('ERR_TICKET_OF_OTHER_USER');
}

/** A user id from a request must name a user of the actor's tenant: another tenant's user is as unknown as a missing one. */
export async function assertUserOfTenant(db: Db, tenantId: number, userId: number): Promise<void> {
  if (!(await findUserById(db, tenantId, userId))) throw new AppError('ERR_NO_USER_FOUND');
}

/** Whether the actor sees tickets as an admin does (admins; supervisors unless supervisorAdmin): the admins' room, the panel. */
export async function actorSeesAsAdmin(db: Db, actor: Actor): Promise<boolean> {
  if (isAdmin(actor)) return true;
  if (actor.profile !== 'super') return false;
  return seesAsAdmin(actor, await readSettings(db, actor.tenantId));
}

/**
 * The tickets the actor may see, as a condition over the `tickets` table (the one visibility rule,
 * for other modules' lists joined to tickets: notes, protocols, the dashboard); undefined = the whole
 * tenant. `options` as the ticket list's (showAll false: a supervisor's own scope, their queues).
 */
export async function visibleTicketsCondition(
  db: Db,
  actor: Actor,
  options: { showAll?: boolean; includeNoQueue?: boolean } = {},
): Promise<ReturnType<typeof visibilitySql>> {
  return visibilitySql(await visibilityRuleFor(db, actor, options));
}

/**
 * Which of `ticketIds` the actor may see, by the same rule as assertCanSeeTicket (another
 * tenant's ticket, or a missing one, is not among them), in one query over the visibility
 * condition of visibleTicketsCondition. For records linked to tickets (tasks…) that other modules
 * show only to who may see the ticket.
 */
export async function visibleTicketIds(ctx: AppContext, actor: Actor, ticketIds: number[], db: Db = ctx.db): Promise<Set<number>> {
  const ids = [...new Set(ticketIds)];
  if (!ids.length) return new Set();
  const visibility = isAdmin(actor) ? undefined : await visibleTicketsCondition(db, actor);
  return new Set(await selectVisibleTicketIds(db, actor.tenantId, ids, visibility));
}
