import type { TicketOrigin } from '@conversa/shared';
import type { Db } from '../../../platform/db/client.js';
import type { DomainEvent } from '../../../platform/events/domain-events.js';
import { AppError } from '../../../platform/http/app-error.js';
import { findChannelById } from '../../channels/use-cases/find-channel-by-id.js';
import { findActiveTicketOfContact, insertTicketLog, upsertActiveTicket, type TicketRow } from '../tickets.repository.js';

/**
 * Inside the caller's transaction: the contact's ongoing (open or pending) ticket on this channel,
 * or a new one opened for a message Conversa sends on its own initiative or someone's behalf (a
 * scheduled message, a birthday greeting): open and assigned to `userId` (who scheduled it), or
 * pending in the channel's queue when there is nobody, as a customer's first message would open it,
 * so that the answer continues it. `by` is written in the ticket's log. The partial unique index
 * makes a concurrent inbound message and this converge on one ticket.
 * `numberAtCommit` (upsertActiveTicket): for a caller that reads no protocol before its commit.
 */
export async function openOutboundTicket(
  tx: Db,
  events: DomainEvent[],
  target: {
    tenantId: number;
    contactId: number;
    channelId: number;
    userId: number | null;
    by: Extract<TicketOrigin, 'api' | 'schedule' | 'birthday'>;
  },
  options: { numberAtCommit?: boolean } = {},
): Promise<TicketRow> {
  const { tenantId } = target;
  const ongoing = await findActiveTicketOfContact(tx, tenantId, target.contactId, target.channelId);
  if (ongoing) return ongoing;
  const channel = await findChannelById(tx, tenantId, target.channelId);
  if (!channel) throw new AppError('ERR_NO_WAPP_FOUND');
  const { ticket, created } = await upsertActiveTicket(
    tx,
    {
      tenantId,
      contactId: target.contactId,
      channelId: channel.id,
      queueId: channel.queueId,
      userId: target.userId,
      status: target.userId === null ? 'pending' : 'open',
      origin: target.by,
    },
    options,
  );
  if (created) {
    await insertTicketLog(tx, { tenantId, ticketId: ticket.id, userId: target.userId, type: 'created', payload: { by: target.by } });
    events.push({ type: 'ticket.changed', tenantId, ticketId: ticket.id, action: 'create' });
  }
  return ticket;
}
