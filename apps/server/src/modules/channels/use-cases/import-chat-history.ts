import { randomUUID } from 'node:crypto';
import type { HistoryImportProgress } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { upsertContactByKey } from '../../contacts/use-cases/upsert-contact-by-key.js';
import { messagePreview } from '../../messages/message-preview.js';
import { existingExternalIds } from '../../messages/use-cases/existing-external-ids.js';
import { insertPastMessages } from '../../messages/use-cases/insert-past-messages.js';
import { MAX_INBOUND_BODY, type InboundMessage } from '../../messages/use-cases/ingest-inbound.js';
import { findActiveTicketOfContact } from '../../tickets/use-cases/find-active-ticket-of-contact.js';
import { insertClosedTicket } from '../../tickets/use-cases/insert-closed-ticket.js';
import { recordTicketLog } from '../../tickets/use-cases/record-ticket-log.js';
import { recordPastMessagesOnTicket } from '../../tickets/use-cases/record-past-messages-on-ticket.js';
import { upsertActiveTicket } from '../../tickets/use-cases/upsert-active-ticket.js';
import type { ChannelRow } from '../channels.repository.js';
import { HISTORY_SYNC_MAX_MESSAGES, historyImportSettingsOf, type HistoryImportSettings } from '../history-import.js';

/** One chat's past, as an adapter read it from the provider (any order; filtered and sorted here). */
export interface PastChat {
  contact: InboundMessage['contact'];
  messages: PastMessage[];
}
export type PastMessage = Pick<InboundMessage, 'externalId' | 'body' | 'media' | 'fromMe' | 'senderName'> & { timestamp: Date };

export interface HistoryImportResult {
  chats: number;
  messages: number;
}

const DAY_MS = 86_400_000;

/**
 * The messages of a chat the channel's history options keep: inside the day range (UTC days,
 * both ends included), the newest `historySyncLimit` of them, oldest first.
 */
export function pastMessagesToImport(messages: PastMessage[], settings: HistoryImportSettings): PastMessage[] {
  const from = settings.importFrom ? Date.parse(`${settings.importFrom}T00:00:00Z`) : -Infinity;
  const to = settings.importTo ? Date.parse(`${settings.importTo}T00:00:00Z`) + DAY_MS : Infinity;
  const limit = settings.historySyncLimit ?? HISTORY_SYNC_MAX_MESSAGES;
  return messages
    .filter((message) => message.timestamp.getTime() >= from && message.timestamp.getTime() < to)
    .sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime())
    .slice(-limit);
}

/**
 * The messages of one chat an adapter should read in full (download their files): those the
 * channel's options keep (pastMessagesToImport) and the channel does not have yet, in order, each
 * completed by `read`. A repeated sync therefore downloads nothing again.
 */
export async function readPastMessages<C extends { past: PastMessage }>(
  ctx: AppContext,
  channel: ChannelRow,
  candidates: C[],
  read: (candidate: C) => Promise<Pick<PastMessage, 'body' | 'media'>>,
): Promise<PastMessage[]> {
  const kept = new Set(
    pastMessagesToImport(
      candidates.map((candidate) => candidate.past),
      historyImportSettingsOf(channel.settings),
    ),
  );
  const wanted = candidates.filter((candidate) => kept.has(candidate.past));
  const stored = await existingExternalIds(
    ctx.db,
    channel,
    wanted.map((candidate) => candidate.past.externalId),
  );
  const messages: PastMessage[] = [];
  for (const candidate of wanted) {
    if (!stored.has(candidate.past.externalId)) messages.push({ ...candidate.past, ...(await read(candidate)) });
  }
  return messages;
}

/**
 * SPEC §3 "import of messages and groups with dates, queue and close-after option": the past
 * messages of a channel's chats become conversations. Each chat is one transaction: its contact,
 * the ticket (the contact's open one, or a new one in the import queue, closed when the channel
 * says so) and its messages, which count as neither unread nor new arrivals (no bot, no
 * distribution, no notification). Messages already stored are skipped, so running it again (a
 * reconnection, a repeated history sync) adds nothing. Progress goes to the tenant's admins.
 */
export async function importChatHistory(ctx: AppContext, channel: ChannelRow, chats: PastChat[]): Promise<HistoryImportResult> {
  const settings = historyImportSettingsOf(channel.settings);
  const result: HistoryImportResult = { chats: 0, messages: 0 };
  if (!settings.importOldMessages) return result;
  const wanted = chats.filter((chat) => settings.importGroups || !chat.contact.isGroup);
  const progress = (state: HistoryImportProgress['state'], chatsDone: number, error: string | null = null) =>
    ctx.events.publish([
      {
        type: 'channel.historyImport',
        tenantId: channel.tenantId,
        progress: { channelId: channel.id, state, chatsDone, chatsTotal: wanted.length, messagesImported: result.messages, error },
      },
    ]);

  progress('running', 0);
  try {
    for (const [index, chat] of wanted.entries()) {
      const imported = await importOneChat(ctx, channel, settings, chat);
      if (imported > 0) {
        result.chats += 1;
        result.messages += imported;
      }
      progress('running', index + 1);
    }
  } catch (error) {
    progress('failed', result.chats, (error as Error).message);
    throw error;
  }
  progress('done', wanted.length);
  return result;
}

async function importOneChat(ctx: AppContext, channel: ChannelRow, settings: HistoryImportSettings, chat: PastChat): Promise<number> {
  const candidates = pastMessagesToImport(chat.messages, settings);
  if (candidates.length === 0) return 0;
  return transact(ctx, async (tx, events) => {
    const known = await existingExternalIds(
      tx,
      channel,
      candidates.map((message) => message.externalId),
    );
    const fresh = candidates.filter((message) => !known.has(message.externalId));
    if (fresh.length === 0) return 0;

    const contact = await upsertContactByKey(tx, channel.tenantId, chat.contact.key, chat.contact);
    if (contact.blocked) return 0;
    const queueId = settings.importQueueId ?? channel.queueId;
    // Who started the conversation: the author of its earliest imported message (they are in time order).
    const origin = fresh[0].fromMe ? ('phone' as const) : ('customer' as const);
    const open = await findActiveTicketOfContact(tx, channel.tenantId, contact.id, channel.id);
    const target = open
      ? { ticket: open, created: false }
      : settings.closeImportedTickets
        ? {
            ticket: await insertClosedTicket(tx, {
              tenantId: channel.tenantId,
              contactId: contact.id,
              channelId: channel.id,
              queueId,
              isGroup: contact.isGroup,
              origin,
            }),
            created: true,
          }
        : await upsertActiveTicket(tx, {
            tenantId: channel.tenantId,
            contactId: contact.id,
            channelId: channel.id,
            queueId,
            isGroup: contact.isGroup,
            origin,
          });
    const { ticket } = target;

    const stored = await insertPastMessages(
      tx,
      fresh.map((message) => ({
        id: randomUUID(),
        tenantId: channel.tenantId,
        ticketId: ticket.id,
        contactId: contact.id,
        channelId: channel.id,
        externalId: message.externalId,
        fromMe: message.fromMe ?? false,
        body: message.body.slice(0, MAX_INBOUND_BODY),
        mediaType: message.media?.type ?? null,
        mediaKey: message.media?.key ?? null,
        mediaName: message.media?.name ?? null,
        mediaMime: message.media?.mime ?? null,
        mediaSize: message.media?.size ?? null,
        status: message.fromMe ? ('sent' as const) : ('received' as const),
        ack: message.fromMe ? 1 : 0,
        senderName: message.senderName ?? null,
        timestamp: message.timestamp,
      })),
    );
    if (stored.length === 0) return 0;
    const newest = stored.reduce((a, b) => (b.timestamp > a.timestamp ? b : a));
    await recordPastMessagesOnTicket(tx, channel.tenantId, ticket.id, { preview: messagePreview(newest), at: newest.timestamp });
    await recordTicketLog(tx, {
      tenantId: channel.tenantId,
      ticketId: ticket.id,
      userId: null,
      type: target.created ? 'createdByHistoryImport' : 'historyImported',
      payload: { channelId: channel.id, messages: stored.length },
    });
    events.push({ type: 'ticket.changed', tenantId: channel.tenantId, ticketId: ticket.id, action: target.created ? 'create' : 'update' });
    return stored.length;
  });
}
