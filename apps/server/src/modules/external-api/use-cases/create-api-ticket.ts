import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import type { TicketRow } from '../../tickets/tickets.repository.js';
import { changeTicketByAutomation } from '../../tickets/use-cases/change-ticket-by-automation.js';
import type { ApiConfigRow } from '../external-api.repository.js';
import { apiRecipientOrFail, apiRecipientTicket } from './api-recipient.js';

/**
 * POST /createticket: the number's ongoing ticket on the configuration's channel, or a new pending
 * one; then the status, queue and user asked for (as updateticketinfo).
 */
export async function createApiTicket(
  ctx: AppContext,
  config: ApiConfigRow,
  input: { number: string; status?: 'open' | 'pending' | 'closed'; queueId?: number | null; userId?: number | null },
): Promise<TicketRow> {
  const to = apiRecipientOrFail({ number: input.number });
  const { ticket } = await transact(ctx, (tx, events) => apiRecipientTicket(tx, events, config, to));
  if (input.status === undefined && input.queueId == null && input.userId == null) return ticket;
  return changeTicketByAutomation(ctx, {
    tenantId: config.tenantId,
    ticketId: ticket.id,
    channelId: config.channelId,
    status: input.status,
    ...(input.queueId != null ? { queueId: input.queueId } : {}),
    ...(input.userId != null ? { userId: input.userId } : {}),
    by: 'api',
  });
}
