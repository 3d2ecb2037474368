import type { ChannelRow } from '../channels/channels.repository.js';
import type { ContactWithWallets } from '../contacts/contact-input.js';
import type { MessageRow } from '../messages/messages.repository.js';
import type { TicketRow } from '../tickets/tickets.repository.js';

/** The external API's answers: plain JSON in the field names the Whazing/Izing clients read. */

export const presentApiTicket = (row: TicketRow) => ({
  id: row.id,
  status: row.status,
  contactId: row.contactId,
  channelId: row.channelId,
  queueId: row.queueId,
  userId: row.userId,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const presentApiContact = ({ contact, tags }: ContactWithWallets) => ({
  id: contact.id,
  name: contact.name,
  number: contact.number,
  email: contact.email,
  extraInfo: contact.extraInfo,
  disableBot: contact.chatbotBlocked,
  tags,
  createdAt: contact.createdAt.toISOString(),
  updatedAt: contact.updatedAt.toISOString(),
});

export const presentApiChannel = (row: ChannelRow) => ({
  id: row.id,
  name: row.name,
  type: row.type,
  status: row.status,
  number: row.number,
  connected: row.status === 'connected',
});

export const presentApiSend = (message: MessageRow, externalKey: string | undefined) => ({
  message: 'Message queued',
  messageId: message.id,
  ticketId: message.ticketId!,
  contactId: message.contactId,
  status: message.status,
  externalKey: externalKey ?? null,
});
