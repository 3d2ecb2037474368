import type { Db } from '../../../platform/db/client.js';
import type { DomainEvent } from '../../../platform/events/domain-events.js';
import { visibilityFacts } from '../tickets.presenter.js';
import { insertTicketLog, lockTicket, updateTicketRow, type TicketRow } from '../tickets.repository.js';

/**
 * The ticket an automation is about to close, locked for the caller's transaction; undefined when it is
 * gone or already closed. Automations lock the ticket before their own rows, as the ticket actions do.
 */
export async function lockTicketToClose(tx: Db, tenantId: number, ticketId: number): Promise<TicketRow | undefined> {
  const ticket = await lockTicket(tx, tenantId, ticketId);
  return ticket && ticket.status !== 'closed' ? ticket : undefined;
}

/**
 * Closes a ticket locked by lockTicketToClose for an automation (the customer rated, sent the channel's
 * closing keyword, gave up rating): no user did it, so its log has none.
 */
export async function closeTicketByAutomation(
  tx: Db,
  events: DomainEvent[],
  ticket: TicketRow,
  close: { logType: string; payload?: Record<string, unknown>; rating?: number },
): Promise<TicketRow> {
  const { tenantId, id: ticketId } = ticket;
  const updated = await updateTicketRow(tx, tenantId, ticketId, {
    status: 'closed',
    closedAt: new Date(),
    ...(close.rating !== undefined ? { rating: close.rating } : {}),
  });
  await insertTicketLog(tx, { tenantId, ticketId, userId: null, type: close.logType, payload: close.payload });
  events.push({ type: 'ticket.changed', tenantId, ticketId, action: 'update', before: visibilityFacts(ticket) });
  return updated ?? ticket;
}
