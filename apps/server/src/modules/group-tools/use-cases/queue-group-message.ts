import type { AppContext } from '../../../app-context.js';
import type { Db } from '../../../platform/db/client.js';
import type { DomainEvent } from '../../../platform/events/domain-events.js';
import type { ChannelRow } from '../../channels/channels.repository.js';
import { ensureGroupContact } from '../../contacts/use-cases/ensure-group-contact.js';
import type { MessageRow } from '../../messages/messages.repository.js';
import { queueAutomatedMessage } from '../../messages/queue-automated-message.js';
import { openOutreachTicket } from '../../tickets/use-cases/open-outreach-ticket.js';

/**
 * Inside the caller's transaction: a message to a WhatsApp group on the one outbound path: the
 * group's contact (created with its subject when new), its ongoing ticket on the channel or a closed
 * one that keeps the message in its history, then queueAutomatedMessage (template variables: {{name}}
 * is the group's name; stored pending with its durable send job).
 */
export async function queueGroupMessage(
  ctx: AppContext,
  tx: Db,
  events: DomainEvent[],
  input: { channel: ChannelRow; groupJid: string; subject?: string | null; body: string; userId?: number | null },
): Promise<MessageRow> {
  const { channel } = input;
  const contact = await ensureGroupContact(tx, { tenantId: channel.tenantId, groupJid: input.groupJid, subject: input.subject });
  const ticket = await openOutreachTicket(tx, events, {
    tenantId: channel.tenantId,
    contactId: contact.id,
    channelId: channel.id,
    queueId: channel.queueId,
    isGroup: true,
  });
  return queueAutomatedMessage(
    ctx,
    tx,
    events,
    { tenantId: channel.tenantId, ticketId: ticket.id, userId: input.userId ?? null },
    { body: input.body },
  );
}
