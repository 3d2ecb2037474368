import type { AppContext } from '../../../app-context.js';
import type { Db } from '../../../platform/db/client.js';
import { AppError } from '../../../platform/http/app-error.js';
import { isSupervisorOrAdmin, type Actor } from '../../auth/actor.js';
import { listContactWalletUserIds } from '../../contacts/contacts.repository.js';
import { listUserQueues } from '../../queues/queues.repository.js';
import { readSettings } from '../../settings/settings.repository.js';
import { canSeeTicket, visibilityRule, type VisibilityRule } from '../tickets.policy.js';
import { visibilityFacts } from '../tickets.presenter.js';
import { findTicketById, type TicketRow } from '../tickets.repository.js';

export async function visibilityRuleFor(db: Db, actor: Actor, options: { showAll?: boolean; includeNoQueue?: boolean } = {}): Promise<VisibilityRule> {
  const [queues, settings] = await Promise.all([listUserQueues(db, actor.tenantId, actor.userId), readSettings(db, actor.tenantId)]);
  return visibilityRule(actor, queues.map((q) => q.id), settings, options);
}

/**
 * The ticket if the actor may act on it: another tenant's ticket does not exist (404); a ticket of
 * the tenant outside the actor's visibility is forbidden (403). Supervisors and admins see all.
 */
export async function assertCanSeeTicket(ctx: AppContext, actor: Actor, ticketId: number, db: Db = ctx.db): Promise<TicketRow> {
  const ticket = await findTicketById(db, actor.tenantId, ticketId);
  if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND');
  if (isSupervisorOrAdmin(actor)) return ticket;
  const rule = await visibilityRuleFor(db, actor);
  const wallets = await listContactWalletUserIds(db, actor.tenantId, ticket.contactId);
  if (!canSeeTicket(rule, visibilityFacts(ticket), wallets)) throw new AppError('ERR_NO_PERMISSION');
  return ticket;
}
