import type { AppContext } from '../../../app-context.js';
import type { TicketRow } from '../../tickets/tickets.repository.js';
import { changeTicketByAutomation } from '../../tickets/use-cases/change-ticket-by-automation.js';
import type { ApiConfigRow } from '../external-api.repository.js';

/** POST /updateticketinfo and /updatequeue: close, reopen, transfer to a queue or a user a ticket of the configuration's channel. */
export async function updateApiTicket(
  ctx: AppContext,
  config: ApiConfigRow,
  input: { ticketId: number; status?: 'open' | 'pending' | 'closed'; queueId?: number | null; userId?: number | null },
): Promise<TicketRow> {
  return changeTicketByAutomation(ctx, {
    tenantId: config.tenantId,
    ticketId: input.ticketId,
    channelId: config.channelId,
    status: input.status,
    ...(input.queueId !== undefined ? { queueId: input.queueId } : {}),
    ...(input.userId !== undefined ? { userId: input.userId } : {}),
    by: 'api',
  });
}
