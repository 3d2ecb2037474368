import { EARLIER_TICKETS_LIMIT, type EarlierTicket } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { isAdmin, type Actor } from '../../auth/actor.js';
import { presentEarlierTicket } from '../tickets.presenter.js';
import { listEarlierTicketsOfContact } from '../tickets.repository.js';
import { assertCanSeeTicket, visibleTicketsCondition } from './ticket-access.js';

/**
 * GET /tickets/{ticketId}/earlier: the conversations the ticket's contact had before it, on any
 * channel, that the actor may see (the chat links to them: a new ticket keeps its context), newest
 * first, at most EARLIER_TICKETS_LIMIT.
 */
export async function listEarlierTickets(ctx: AppContext, actor: Actor, ticketId: number): Promise<EarlierTicket[]> {
  const ticket = await assertCanSeeTicket(ctx, actor, ticketId);
  const visibility = isAdmin(actor) ? undefined : await visibleTicketsCondition(ctx.db, actor);
  const rows = await listEarlierTicketsOfContact(ctx.db, actor.tenantId, ticket, visibility, EARLIER_TICKETS_LIMIT);
  return rows.map(presentEarlierTicket);
}
