import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../../app-context.js';
import type { Db } from '../../../platform/db/client.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { ChannelRow } from '../../channels/channels.repository.js';
import { findChannelById } from '../../channels/use-cases/find-channel-by-id.js';
import { hitRateLimit } from '../../auth/use-cases/hit-rate-limit.js';
import { type ContactChannelIds, type ContactKey } from '../../contacts/contacts.repository.js';
import { listContactWalletUserIds } from '../../contacts/use-cases/list-contact-wallet-user-ids.js';
import { upsertContactByKey } from '../../contacts/use-cases/upsert-contact-by-key.js';
import { queueMembersByLoad } from '../../queues/use-cases/queue-members-by-load.js';
import { readSetting } from '../../settings/use-cases/read-setting.js';
import { type TicketRow, type TicketView } from '../../tickets/tickets.repository.js';
import { recordTicketLog } from '../../tickets/use-cases/record-ticket-log.js';
import { recordInboundOnTicket } from '../../tickets/use-cases/record-inbound-on-ticket.js';
import { recordOutboundOnTicket } from '../../tickets/use-cases/record-outbound-on-ticket.js';
import { updateTicketRow } from '../../tickets/use-cases/update-ticket-row.js';
import { upsertActiveTicket } from '../../tickets/use-cases/upsert-active-ticket.js';
import { campaignReplyQueue } from '../../campaigns/use-cases/campaign-reply-queue.js';
import { moveArrivingTicketToQueue } from '../../tickets/use-cases/open-outreach-ticket.js';
import { appendToOpenTicket, type AppendInput, type AppendOutcome } from '../inbound-append.repository.js';
import { openTicketWithMessage } from '../inbound-first.repository.js';
import { findMessageByExternalId, insertMessageOnce, messageExists, type MessageRow } from '../messages.repository.js';
import { messagePreview } from '../message-preview.js';

export interface InboundMedia {
  type: 'image' | 'video' | 'audio' | 'document' | 'sticker' | 'location' | 'contact';
  key: string;
  name: string;
  mime: string;
  size: number;
}

/** One message of a conversation, as every channel adapter hands it over. */
export interface InboundMessage {
  tenantId: number;
  channelId: number;
  /** The provider's message id: unique per channel, the dedupe key. */
  externalId: string;
  /**
   * `ids`: the contact's Messenger / Instagram / hub WhatsApp ids, where the channel names them.
   * `isGroup`: the contact is a group chat (its ticket is a group ticket).
   */
  contact: { key: ContactKey; name: string; email?: string | null; ids?: ContactChannelIds; isGroup?: boolean };
  body: string;
  media?: InboundMedia;
  quotedExternalId?: string;
  timestamp?: Date;
  /**
   * Sent by the connected phone itself (typed on the phone, not through Conversa): stored as ours
   * and already sent; it answers the ticket instead of counting as unread.
   */
  fromMe?: boolean;
  /** In a group chat, the participant who wrote it. */
  senderName?: string;
}

export type IngestResult =
  | { outcome: 'stored'; messageId: string; message: MessageRow; ticketId: number; contactId: number; ticketCreated: boolean }
  | { outcome: 'duplicate' }
  | { outcome: 'blocked'; messageId: string; message: MessageRow; contactId: number };

export const MAX_INBOUND_BODY = 64 * 1024;

/** A use counted per message (webchat visitors): a fixed window, refused with 429 ERR_LIMIT_MAX over `max`. */
export interface InboundRateLimit {
  key: string;
  windowSeconds: number;
  max: number;
  message: string;
}

/**
 * The one inbound pipeline of every channel: upsert the contact, find or create the open ticket,
 * store the message, update counters, all atomically; then (after commit) push. Re-delivery is a
 * no-op by the (channel, external id) unique index.
 *
 * Most messages belong to a conversation that is already open: those take one statement
 * (appendToOpenTicket). A customer's first message takes one statement too (openTicketWithMessage)
 * unless something must be decided with more reads (a blocked contact, a campaign's or a wallet's
 * claim, a channel that assigns arriving tickets); those and the rare races fall back to the full
 * transaction below, which handles every case.
 */
export async function ingestInbound(
  ctx: AppContext,
  input: InboundMessage,
  options: {
    channel?: ChannelRow;
    rateLimit?: InboundRateLimit;
    /** The caller's own one-statement attempt (a web-chat visitor's) found no open ticket: the same attempt here would not either. */
    appendTried?: boolean;
    /** That attempt counted this message's rate-limit use already (see AppendOutcome): it is not counted again. */
    useCounted?: boolean;
  } = {},
): Promise<IngestResult> {
  if (input.body.length > MAX_INBOUND_BODY) throw new AppError('ERR_VALIDATION', 'Message too long.');
  const at = input.timestamp ?? new Date();
  const message = {
    id: randomUUID(),
    externalId: input.externalId,
    body: input.body,
    mediaType: input.media?.type ?? null,
    mediaKey: input.media?.key ?? null,
    mediaName: input.media?.name ?? null,
    mediaMime: input.media?.mime ?? null,
    mediaSize: input.media?.size ?? null,
    quotedExternalId: input.quotedExternalId ?? null,
    timestamp: at,
  };

  // The one-statement paths cover a customer's message to a one-to-one chat; a message naming the
  // contact's channel ids (to record), the phone's own messages and group messages take the full path.
  const plain = !input.contact.ids && !input.fromMe && !input.contact.isGroup && !input.senderName;
  let rateLimit = options.useCounted ? undefined : options.rateLimit;
  let mayOpen = plain && options.appendTried === true;
  if (plain && !options.appendTried) {
    const appended = await appendToOngoingConversation(ctx, input, message, rateLimit);
    if (appended.outcome !== 'fallback') return appended.result;
    mayOpen = !appended.hasTicket;
    if (appended.counted) rateLimit = undefined;
  }
  if (mayOpen) {
    const opened = await openConversation(ctx, input, message, rateLimit);
    if (opened.outcome !== 'fallback') return opened.result;
    if (opened.counted) rateLimit = undefined;
  }

  return transact(ctx, async (tx, events) => {
    // A caller that has just loaded the channel (same tenant, same id) hands it over.
    const known = options.channel;
    const channel =
      known && known.id === input.channelId && known.tenantId === input.tenantId
        ? known
        : await findChannelById(tx, input.tenantId, input.channelId);
    if (!channel) throw new AppError('ERR_NO_WAPP_FOUND');
    // A resend is answered before the rate limit: it is not counted twice (as on the one-statement path).
    if (await messageExists(tx, channel.id, input.externalId)) return { outcome: 'duplicate' as const };
    if (rateLimit) await takeRateLimit(tx, rateLimit);

    const contact = await upsertContactByKey(tx, input.tenantId, input.contact.key, input.contact);
    const fromMe = input.fromMe ?? false;
    const { quotedExternalId, ...fields } = message;
    const quoted = quotedExternalId ? await findMessageByExternalId(tx, input.tenantId, channel.id, quotedExternalId) : undefined;
    const row = {
      ...fields,
      quotedMessageId: quoted?.id ?? null,
      tenantId: input.tenantId,
      contactId: contact.id,
      channelId: channel.id,
      fromMe,
      status: fromMe ? ('sent' as const) : ('received' as const),
      ack: fromMe ? 1 : 0,
      senderName: input.senderName ?? null,
    };

    // A blocked contact's messages are kept, but open no ticket and reach no bot.
    if (contact.blocked) {
      const stored = await insertMessageOnce(tx, { ...row, ticketId: null });
      return stored
        ? { outcome: 'blocked' as const, messageId: stored.id, message: stored, contactId: contact.id }
        : { outcome: 'duplicate' as const };
    }

    const upserted = await upsertActiveTicket(
      tx,
      {
        tenantId: input.tenantId,
        contactId: contact.id,
        channelId: channel.id,
        queueId: channel.queueId,
        isGroup: contact.isGroup,
        // A message the channel's phone sent itself starts the conversation on the company's side.
        origin: fromMe ? 'phone' : 'customer',
      },
      // Numbered at the commit: every first message of the tenant waits for its counter meanwhile (nothing here reads the protocol).
      { numberAtCommit: true },
    );
    const { created } = upserted;
    // A customer answering a campaign: the ticket their reply opens belongs in the campaign's queue.
    const ticket =
      created && !fromMe && !contact.isGroup
        ? await moveArrivingTicketToQueue(
            tx,
            upserted.ticket,
            (await campaignReplyQueue(tx, input.tenantId, contact.id, channel.id)) ?? null,
          )
        : upserted.ticket;
    const stored = await insertMessageOnce(tx, { ...row, ticketId: ticket.id });
    if (!stored) return { outcome: 'duplicate' as const };

    const preview = messagePreview(stored);
    if (fromMe) await recordOutboundOnTicket(tx, input.tenantId, ticket.id, { preview, at });
    else await recordInboundOnTicket(tx, input.tenantId, ticket.id, { preview, at, countUnread: true });
    if (created) {
      await recordTicketLog(tx, {
        tenantId: input.tenantId,
        ticketId: ticket.id,
        userId: null,
        type: 'created',
        payload: { channelId: channel.id },
      });
      // A conversation the phone started is not a customer arriving: nobody is assigned.
      if (!fromMe) await assignOnArrival(tx, channel, ticket);
    }
    // One event: the ticket's change and the message, with what the listeners need (no re-read).
    events.push({
      type: 'message.created',
      tenantId: input.tenantId,
      ticketId: ticket.id,
      messageId: stored.id,
      ...(fromMe ? {} : { inbound: { ticketCreated: created, isGroup: contact.isGroup } }),
      stored: { message: stored, channelType: channel.type, contactKey: contact.externalKey, ticketAction: created ? 'create' : 'update' },
    });
    return {
      outcome: 'stored' as const,
      messageId: stored.id,
      message: stored,
      ticketId: ticket.id,
      contactId: contact.id,
      ticketCreated: created,
    };
  });
}

/** The one-statement path of an ongoing conversation; 'fallback' when it stored nothing (`hasTicket`, `counted`: see AppendOutcome). */
async function appendToOngoingConversation(
  ctx: AppContext,
  input: InboundMessage,
  message: AppendInput['message'],
  rateLimit: InboundRateLimit | undefined,
): Promise<{ outcome: 'done'; result: IngestResult } | { outcome: 'fallback'; hasTicket: boolean; counted: boolean }> {
  const result = await appendToOpenTicket(ctx.db, {
    tenantId: input.tenantId,
    channelId: input.channelId,
    contactKey: input.contact.key,
    message,
    preview: messagePreview(message),
    rateLimit,
  });
  switch (result.outcome) {
    case 'fallback':
      return result;
    case 'duplicate':
      return { outcome: 'done', result: { outcome: 'duplicate' } };
    case 'refused':
      throw new AppError('ERR_LIMIT_MAX', rateLimit?.message);
    case 'appended':
      return { outcome: 'done', result: publishAppended(ctx, result) };
  }
}

/**
 * The one-statement path of a conversation's first message (openTicketWithMessage); 'fallback' when
 * the full transaction must decide (`counted`: the rate-limit use is already counted).
 */
async function openConversation(
  ctx: AppContext,
  input: InboundMessage,
  message: AppendInput['message'],
  rateLimit: InboundRateLimit | undefined,
): Promise<{ outcome: 'done'; result: IngestResult } | { outcome: 'fallback'; counted: boolean }> {
  const result = await openTicketWithMessage(ctx.db, {
    tenantId: input.tenantId,
    channelId: input.channelId,
    contactKey: input.contact.key,
    contact: { name: input.contact.name, email: input.contact.email ?? null },
    message,
    preview: messagePreview(message),
    rateLimit,
  });
  switch (result.outcome) {
    case 'fallback':
      // Rare (a concurrent writer); a constraint that fired every time would send every first message
      // down the full path unnoticed.
      if (result.conflict)
        ctx.logger.info(
          { constraint: result.conflict, tenantId: input.tenantId, channelId: input.channelId },
          'first message: concurrent change, full path',
        );
      return { outcome: 'fallback', counted: result.counted };
    case 'duplicate':
      return { outcome: 'done', result: { outcome: 'duplicate' } };
    case 'refused':
      throw new AppError('ERR_LIMIT_MAX', rateLimit?.message);
    case 'opened':
      // As the full path's event: no view, the new ticket's is read after the commit (it is numbered then).
      return { outcome: 'done', result: relayStored(ctx, result, { ticketId: result.message.ticketId!, channelType: result.channelType }) };
  }
}

/** A message the one-statement path stored: its event (carrying the ticket view), and the caller's result. */
export function publishAppended(
  ctx: AppContext,
  appended: Extract<AppendOutcome, { outcome: 'appended' }>,
): Extract<IngestResult, { outcome: 'stored' }> {
  return relayStored(ctx, appended, { ticketId: appended.view.id, channelType: appended.view.channelType, view: appended.view });
}

/**
 * A customer's message stored by one of the one-statement paths (its event logged by that statement):
 * its message.created relayed with the rows the listeners need, and the caller's result. With `view`
 * the ticket was ongoing; without, the statement created it.
 */
function relayStored(
  ctx: AppContext,
  statement: { message: MessageRow; contactKey: string | null; eventId: string },
  ticket: { ticketId: number; channelType: string; view?: TicketView },
): Extract<IngestResult, { outcome: 'stored' }> {
  const { message: stored } = statement;
  const ticketCreated = ticket.view === undefined;
  ctx.events.relay([
    {
      id: statement.eventId,
      event: {
        type: 'message.created',
        tenantId: stored.tenantId,
        ticketId: ticket.ticketId,
        messageId: stored.id,
        inbound: { ticketCreated, isGroup: false },
        stored: {
          message: stored,
          channelType: ticket.channelType,
          contactKey: statement.contactKey,
          ticketAction: ticketCreated ? 'create' : 'update',
          ...(ticket.view ? { view: ticket.view } : {}),
        },
      },
    },
  ]);
  return {
    outcome: 'stored',
    messageId: stored.id,
    message: stored,
    ticketId: ticket.ticketId,
    contactId: stored.contactId,
    ticketCreated,
  };
}

/** Counts one use inside the transaction; over the limit the transaction rolls back, which gives it back. */
async function takeRateLimit(tx: Db, limit: InboundRateLimit): Promise<void> {
  if ((await hitRateLimit(tx, limit.key, limit.windowSeconds)) > limit.max) throw new AppError('ERR_LIMIT_MAX', limit.message);
}

/** Wallet owner first (DirectTicketsToWallets), then the channel's auto-distribution among the queue's agents. */
async function assignOnArrival(tx: Db, channel: ChannelRow, ticket: TicketRow): Promise<void> {
  let userId: number | undefined;
  if ((await readSetting(tx, channel.tenantId, 'DirectTicketsToWallets')) === 'enabled') {
    userId = (await listContactWalletUserIds(tx, channel.tenantId, ticket.contactId))[0];
  }
  if (!userId && ticket.queueId !== null && channel.autoDistribution !== 'none') {
    const members = await queueMembersByLoad(tx, channel.tenantId, ticket.queueId);
    if (members.length > 0) {
      userId = channel.autoDistribution === 'balanced' ? members[0].userId : members[Math.floor(Math.random() * members.length)].userId;
    }
  }
  if (!userId) return;
  await updateTicketRow(tx, channel.tenantId, ticket.id, { userId });
  await recordTicketLog(tx, {
    tenantId: channel.tenantId,
    ticketId: ticket.id,
    userId: null,
    type: 'autoAssigned',
    payload: { userId, mode: channel.autoDistribution },
  });
}
