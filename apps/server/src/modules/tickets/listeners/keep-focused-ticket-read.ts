import type { AppContext } from '../../../app-context.js';
import type { Realtime } from '../../../platform/realtime/realtime.js';
import { rooms } from '../../../platform/realtime/rooms.js';
import { findMessageById } from '../../messages/use-cases/find-message-by-id.js';
import { AGENTS_NAMESPACE } from '../../users/agent-sockets.js';
import { clearTicketUnread } from '../tickets.repository.js';

/**
 * SPEC §4: a message arriving for the ticket an agent has open keeps its unread count at 0. The
 * agent's socket follows the open ticket (joinTicket); after the message is committed, if anyone
 * follows it (on any node), the counter is reset and the ticket pushed again.
 */
export function keepFocusedTicketRead(ctx: AppContext, realtime: Realtime): void {
  ctx.events.subscribe(async (event) => {
    if (event.type !== 'message.created') return;
    const followers = await realtime.fetchSockets(AGENTS_NAMESPACE, rooms.ticket(event.tenantId, event.ticketId));
    if (followers.length === 0) return;
    const message = event.stored?.message ?? (await findMessageById(ctx.db, event.tenantId, event.messageId));
    if (!message || message.fromMe) return;
    if (await clearTicketUnread(ctx.db, event.tenantId, event.ticketId)) {
      ctx.events.publish([{ type: 'ticket.changed', tenantId: event.tenantId, ticketId: event.ticketId, action: 'update' }]);
    }
  });
}
