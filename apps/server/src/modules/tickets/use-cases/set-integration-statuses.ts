import { INTEGRATION_STATUS_KEYS } from '@conversa/shared';
import type { Db } from '../../../platform/db/client.js';
import type { DomainEvent } from '../../../platform/events/domain-events.js';
import { visibilityFacts } from '../tickets.presenter.js';
import { insertTicketLog, updateTicketRow, type TicketRow } from '../tickets.repository.js';

/**
 * An integration bot switches itself on or off on a ticket (its stop word, restart word, a new
 * ticket, a provider's failure), inside the caller's transaction with the ticket locked: the
 * switches are changed, the ticket's log says why, and a `ticket.changed` refreshes the chat header.
 */
export async function setTicketIntegrationStatuses(
  tx: Db,
  events: DomainEvent[],
  ticket: TicketRow,
  statuses: Record<string, boolean>,
  log: { type: string; payload: Record<string, unknown> },
): Promise<TicketRow | undefined> {
  const updated = await updateTicketRow(tx, ticket.tenantId, ticket.id, {
    integrationStatuses: { ...ticket.integrationStatuses, ...statuses },
  });
  await insertTicketLog(tx, {
    tenantId: ticket.tenantId,
    ticketId: ticket.id,
    userId: null,
    type: log.type,
    payload: { ...log.payload, ...statuses },
  });
  events.push({
    type: 'ticket.changed',
    tenantId: ticket.tenantId,
    ticketId: ticket.id,
    action: 'update',
    before: visibilityFacts(ticket),
  });
  return updated;
}

/**
 * Every integration bot's switch turned off (an agent takes the ticket over, it is transferred or routed):
 * the new statuses, or undefined when none was on. `keep` are switches the same request turns on.
 */
export function integrationBotsStopped(
  current: Record<string, boolean>,
  keep: Partial<Record<string, boolean>> = {},
): Record<string, boolean> | undefined {
  const running = INTEGRATION_STATUS_KEYS.filter((key) => current[key] === true && keep[key] !== true);
  if (running.length === 0) return undefined;
  return { ...current, ...Object.fromEntries(running.map((key) => [key, false])) };
}
