import type { Chat, Message, MessageMedia, Reaction } from 'whatsapp-web.js';
import type { AppContext } from '../../../../app-context.js';
import { saveInboundFile, unkeptFileNote } from '../../../messages/inbound-file.js';
import { transact } from '../../../../platform/events/transact.js';
import { AppError } from '../../../../platform/http/app-error.js';
import { findMessageByExternalId } from '../../../messages/use-cases/find-message-by-external-id.js';
import { markMessageDeleted } from '../../../messages/use-cases/mark-message-deleted.js';
import { applyProviderEdit } from '../../../messages/use-cases/apply-provider-edit.js';
import { applyProviderStatus, type ProviderStatus } from '../../../messages/use-cases/apply-provider-status.js';
import { ingestInbound, MAX_INBOUND_BODY, type InboundMedia, type InboundMessage } from '../../../messages/use-cases/ingest-inbound.js';
import type { ChannelRow } from '../../channels.repository.js';
import { historyImportSettingsOf } from '../../history-import.js';
import { readPastMessages, type PastChat, type PastMessage } from '../../use-cases/import-chat-history.js';
import { fallbackGroupName, groupContactKey, isGroupJid } from '../whatsapp-groups.js';

/**
 * The mapping of whatsapp-web.js's events (Message, Reaction, MessageAck) and of its chats' past
 * messages onto the shared pipeline: ingestInbound for messages (the customers' and those typed
 * on the connected phone), applyProviderStatus for acks, importChatHistory's PastChat for history.
 */

export type WhatsappEventOutcome = 'stored' | 'duplicate' | 'blocked' | 'skipped' | 'status' | 'updated' | 'unknown';

/** What the mapping needs from the session besides the message itself. */
export interface InboundLookup {
  /** A '<digits>@lid' (hidden number) sender → its '<digits>@c.us' id, when WhatsApp tells it. */
  phoneOfLid?(lid: string): Promise<string | undefined>;
}

/** whatsapp-web.js's MessageAck values (src/util/Constants.js) as provider statuses. */
const ACKS: Record<number, ProviderStatus> = {
  [-1]: 'failed', // ACK_ERROR
  1: 'sent', // ACK_SERVER
  2: 'delivered', // ACK_DEVICE
  3: 'read', // ACK_READ
  4: 'read', // ACK_PLAYED
};

/** Message types (MessageTypes) that are media, with the kind the inbox shows. */
const MEDIA_KINDS: Record<string, InboundMedia['type']> = {
  image: 'image',
  video: 'video',
  audio: 'audio',
  ptt: 'audio',
  document: 'document',
  sticker: 'sticker',
};

/** Notices and protocol messages that are not a customer's message. */
const NOT_MESSAGES = new Set([
  'revoked',
  'protocol',
  'e2e_notification',
  'notification',
  'notification_template',
  'gp2',
  'group_notification',
  'broadcast_notification',
  'call_log',
  'ciphertext',
  'debug',
  'reaction',
  'poll_creation',
]);

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'video/mp4': 'mp4',
  'application/pdf': 'pdf',
};

/**
 * A message id as whatsapp-web.js serialises it ('false_5511988887777@c.us_3EB0…'), rebuilt from its
 * parts when `_serialized` is missing (newer WhatsApp Web builds renamed it inside the page).
 */
export function serializedIdOf(
  id: { fromMe?: boolean; remote?: unknown; id?: string; participant?: unknown; _serialized?: string } | null | undefined,
): string | undefined {
  if (!id) return undefined;
  if (typeof id._serialized === 'string' && id._serialized) return id._serialized;
  const remote = typeof id.remote === 'object' && id.remote !== null ? (id.remote as { _serialized?: string })._serialized : id.remote;
  if (typeof remote !== 'string' || !id.id) return undefined;
  const participant =
    typeof id.participant === 'object' && id.participant !== null
      ? (id.participant as { _serialized?: string })._serialized
      : id.participant;
  return [String(Boolean(id.fromMe)), remote, id.id, ...(typeof participant === 'string' && participant ? [participant] : [])].join('_');
}

/** '5511988887777@c.us' → '5511988887777'; undefined for groups, broadcasts, newsletters, lids. */
export function numberOfChatId(id: string | undefined): string | undefined {
  return /^(\d{6,20})@c\.us$/.exec(id ?? '')?.[1];
}

/** The customer's number of a chat id, resolving a hidden-number id ('@lid') when possible. */
async function customerNumber(chatId: string, lookup: InboundLookup): Promise<string | undefined> {
  const direct = numberOfChatId(chatId);
  if (direct || !chatId.endsWith('@lid') || !lookup.phoneOfLid) return direct;
  return numberOfChatId(await lookup.phoneOfLid(chatId));
}

/** The sender's WhatsApp profile name, as WhatsApp Web hands it with the message (`notifyName`). */
function profileNameOf(message: Message): string | undefined {
  const raw = (message as Message & { _data?: { notifyName?: unknown } })._data;
  return typeof raw?.notifyName === 'string' && raw.notifyName.trim() ? raw.notifyName.trim().slice(0, 200) : undefined;
}

/**
 * The chat of a message: the other side of a one-to-one chat or the group, whoever wrote it (the
 * library's own rule, `Message._getChatId`: the phone's messages are addressed `to` the chat).
 */
export function chatIdOfMessage(message: Pick<Message, 'fromMe' | 'from' | 'to'>): string {
  return message.fromMe ? message.to : message.from;
}

/** The id (as `Message.id._serialized`) of the message this one quotes, when WhatsApp Web gave it. */
function quotedIdOf(message: Message, ownId: string | undefined): string | undefined {
  const raw = (message as Message & { _data?: { quotedStanzaID?: unknown; quotedParticipant?: unknown } })._data;
  if (!message.hasQuotedMsg || typeof raw?.quotedStanzaID !== 'string') return undefined;
  const participant =
    typeof raw.quotedParticipant === 'object' && raw.quotedParticipant !== null
      ? (raw.quotedParticipant as { _serialized?: string })._serialized
      : raw.quotedParticipant;
  const fromMe = ownId !== undefined && participant === ownId;
  const chatId = chatIdOfMessage(message);
  // In groups a customer's message id also names its author ('false_<group>@g.us_<id>_<author>').
  const author = isGroupJid(chatId) && !fromMe && typeof participant === 'string' && participant ? `_${participant}` : '';
  return `${fromMe}_${chatId}_${raw.quotedStanzaID}${author}`;
}

function locationBody(message: Message): string | undefined {
  const place = message.location;
  if (!place) return undefined;
  const lines = [`📍 ${place.name ?? 'Location'}`, place.address, `https://maps.google.com/maps?q=${place.latitude},${place.longitude}`];
  return lines.filter(Boolean).join('\n');
}

/** vCards as one line per contact: '👤 Name: +55 11 98888-7777'. */
export function vcardsBody(vcards: string[]): string | undefined {
  const cards = vcards.map((card) => {
    const lines = card.split(/\r?\n/);
    const name =
      lines
        .find((l) => /^FN[;:]/i.test(l))
        ?.replace(/^FN[^:]*:/i, '')
        .trim() || 'Contact';
    const phones = lines
      .filter((l) => /^(item\d+\.)?TEL[;:]/i.test(l))
      .map((l) => l.slice(l.indexOf(':') + 1).trim())
      .filter(Boolean);
    return `👤 ${name}${phones.length ? `: ${phones.join(', ')}` : ''}`;
  });
  return cards.length ? cards.join('\n') : undefined;
}

/**
 * The file of a media message, stored; on failure the message is kept with a note instead
 * (ERR_WAPP_DOWNLOAD_MEDIA logged: WhatsApp no longer has it, or the download failed).
 */
async function mediaOf(
  ctx: AppContext,
  channel: ChannelRow,
  message: Message,
  kind: InboundMedia['type'],
): Promise<{ media?: InboundMedia; note?: string }> {
  let file: MessageMedia | undefined;
  try {
    file = await message.downloadMedia();
  } catch (error) {
    ctx.logger.warn(
      { err: error, channelId: channel.id, externalId: serializedIdOf(message.id), code: 'ERR_WAPP_DOWNLOAD_MEDIA' },
      'whatsapp media download failed',
    );
    return { note: `[${kind} could not be downloaded]` };
  }
  if (!file?.data) {
    ctx.logger.warn(
      { channelId: channel.id, externalId: serializedIdOf(message.id), code: 'ERR_WAPP_DOWNLOAD_MEDIA' },
      'whatsapp media is no longer available',
    );
    return { note: `[${kind} could not be downloaded]` };
  }
  const declared = file.mimetype?.split(';')[0]?.trim() || 'application/octet-stream';
  const name = file.filename?.trim() || `${kind}-${message.id.id.replace(/[^A-Za-z0-9]/g, '').slice(-12)}.${EXTENSIONS[declared] ?? 'bin'}`;
  try {
    const media = await saveInboundFile(ctx, channel.tenantId, Buffer.from(file.data, 'base64'), {
      mime: declared,
      name,
      kind,
      keep: ['sticker', 'document'],
    });
    return { media };
  } catch (error) {
    // A file type Conversa refuses (or too large): the message is kept, saying what it was.
    if (!(error instanceof AppError)) throw error;
    ctx.logger.warn({ channelId: channel.id, externalId: serializedIdOf(message.id), code: error.code }, 'whatsapp media refused');
    return { note: unkeptFileNote(error, kind, name) };
  }
}

/** What a message is, in Conversa's terms: text (with the kind of file it carries) or nothing to store. */
type Content = { kind: 'message'; body: string; media?: InboundMedia['type'] } | { kind: 'skip' };

/** Statuses, broadcasts, newsletters, notices and protocol messages are skipped; the file is not read here. */
function contentOf(message: Message): Content {
  // MessageTypes values, compared as the strings they are.
  const type: string = message.type;
  if (message.isStatus || message.broadcast || NOT_MESSAGES.has(type)) return { kind: 'skip' };
  const body = message.body ?? '';
  const kind = MEDIA_KINDS[type];
  if (type === 'location') return { kind: 'message', body: locationBody(message) ?? body };
  if (type === 'vcard' || type === 'multi_vcard') return { kind: 'message', body: vcardsBody(message.vCards) ?? body };
  if (kind && message.hasMedia) return { kind: 'message', body, media: kind };
  if (type !== 'chat' && !body) return { kind: 'message', body: `[WhatsApp message of type '${type}' is not supported]` };
  return body ? { kind: 'message', body } : { kind: 'skip' };
}

/** A message's text and file (downloaded and stored; a file that cannot be kept is said in the text). */
async function bodyAndMediaOf(
  ctx: AppContext,
  channel: ChannelRow,
  message: Message,
  content: Extract<Content, { kind: 'message' }>,
): Promise<{ body: string; media?: InboundMedia }> {
  let body = content.body;
  let media: InboundMedia | undefined;
  if (content.media) {
    const stored = await mediaOf(ctx, channel, message, content.media);
    media = stored.media;
    if (stored.note) body = body ? `${body}\n${stored.note}` : stored.note;
  }
  return { body: body.slice(0, MAX_INBOUND_BODY), media };
}

/** Where a message belongs: a customer's one-to-one chat or (when the channel takes them) a group. */
export interface WhatsappChatOptions extends InboundLookup {
  /** Group chats become group tickets (the channel's importGroups). */
  groups?: boolean;
  /** A group's name (its chat's name) when it can be learnt. */
  groupName?: (chatId: string) => Promise<string | undefined> | string | undefined;
}

type ChatOf = { contact: InboundMessage['contact']; senderName?: string };

/** A group chat's contact, named after the chat (its id while the name is unknown). */
async function groupContactOf(chatId: string, options: WhatsappChatOptions): Promise<InboundMessage['contact']> {
  const name = (await options.groupName?.(chatId))?.trim().slice(0, 200) || fallbackGroupName(chatId);
  return { key: groupContactKey(chatId), name, isGroup: true };
}

/** The participant who wrote a group message: their profile name, else their number. */
async function senderNameOf(message: Message, lookup: InboundLookup): Promise<string> {
  return profileNameOf(message) ?? (message.author ? await customerNumber(message.author, lookup) : undefined) ?? 'Participant';
}

/**
 * The contact of a message's chat: the customer (by number), or the group with the participant
 * who wrote. The phone's own messages name no one (their notifyName is the account's own name).
 */
async function chatOf(message: Message, options: WhatsappChatOptions): Promise<ChatOf | undefined> {
  const chatId = chatIdOfMessage(message);
  if (isGroupJid(chatId)) {
    if (!options.groups) return undefined;
    return {
      contact: await groupContactOf(chatId, options),
      senderName: message.fromMe ? undefined : await senderNameOf(message, options),
    };
  }
  const number = await customerNumber(chatId, options);
  if (!number) return undefined;
  return { contact: { key: { number }, name: (message.fromMe ? undefined : profileNameOf(message)) ?? number } };
}

/**
 * A new message ('message' for the customers', 'message_create' for those of the connected phone)
 * → the shared inbound pipeline. The phone's own messages (typed on the phone) are stored as the
 * channel's (fromMe, already sent); Conversa's own sends are recognised by `isOwnSend` and skipped
 * (the send job stored them). Groups only when the channel takes them; statuses, broadcasts,
 * newsletters, notices and protocol messages never.
 */
export async function ingestWhatsappMessage(
  ctx: AppContext,
  channel: ChannelRow,
  message: Message,
  options: WhatsappChatOptions & { ownId?: string; isOwnSend?: (externalId: string) => Promise<boolean> | boolean } = {},
): Promise<WhatsappEventOutcome> {
  const externalId = serializedIdOf(message.id);
  if (!externalId) return 'skipped';
  const fromMe = message.fromMe === true;
  if (fromMe && (await options.isOwnSend?.(externalId))) return 'skipped';
  const content = contentOf(message);
  if (content.kind === 'skip') return 'skipped';
  const chat = await chatOf(message, options);
  if (!chat) return 'skipped';

  const { body, media } = await bodyAndMediaOf(ctx, channel, message, content);
  const result = await ingestInbound(
    ctx,
    {
      tenantId: channel.tenantId,
      channelId: channel.id,
      externalId,
      contact: chat.contact,
      body,
      media,
      quotedExternalId: quotedIdOf(message, options.ownId),
      timestamp: message.timestamp ? new Date(message.timestamp * 1000) : undefined,
      fromMe,
      senderName: chat.senderName,
    },
    { channel },
  );
  return result.outcome;
}

/** Past messages read per chat when the channel sets no historySyncLimit. */
export const DEFAULT_HISTORY_FETCH = 500;

/**
 * The chats of the connected phone (`client.getChats()`) as past conversations: each chat's
 * newest messages (`chat.fetchMessages`), reduced to what the channel's history options keep and
 * to what is not stored yet before any file is downloaded, mapped as live messages are. Groups
 * only with importGroups; broadcasts, statuses and newsletters never. `active` stops the reading
 * early (the session closed).
 *
 * WhatsApp Web reads a chat's newest messages, whatever their dates: historySyncLimit of them
 * (DEFAULT_HISTORY_FETCH without one), or at least DEFAULT_HISTORY_FETCH when an end date leaves
 * the newest ones out. Older messages than that are not reached.
 */
export async function pastChatsOf(
  ctx: AppContext,
  channel: ChannelRow,
  chats: Chat[],
  lookup: InboundLookup & { active?: () => boolean } = {},
): Promise<PastChat[]> {
  const settings = historyImportSettingsOf(channel.settings);
  const limit = settings.historySyncLimit ?? DEFAULT_HISTORY_FETCH;
  const readCount = settings.importTo ? Math.max(limit, DEFAULT_HISTORY_FETCH) : limit;
  const result: PastChat[] = [];
  for (const chat of chats) {
    if (lookup.active && !lookup.active()) break;
    const chatId = chat.id?._serialized ?? '';
    const group = isGroupJid(chatId);
    if (group && !settings.importGroups) continue;
    const number = group ? undefined : await customerNumber(chatId, lookup);
    if (!group && !number) continue;
    // The chat's title: the saved name (WhatsApp Web shows the formatted number when there is none).
    const name = chat.name?.trim().slice(0, 200) || undefined;
    const title = name && (group || name.replace(/\D/g, '') !== number) ? name : undefined;
    const contact: InboundMessage['contact'] = group
      ? { key: groupContactKey(chatId), name: title ?? fallbackGroupName(chatId), isGroup: true }
      : { key: { number: number! }, name: title ?? number! };

    const candidates: { message: Message; content: Extract<Content, { kind: 'message' }>; past: PastMessage }[] = [];
    for (const message of await chat.fetchMessages({ limit: readCount })) {
      const externalId = serializedIdOf(message.id);
      const content = contentOf(message);
      if (!externalId || !message.timestamp || content.kind === 'skip') continue;
      const fromMe = message.fromMe === true;
      // A one-to-one chat without a saved name: the customer's own profile name (not the phone's).
      const profileName = fromMe ? undefined : profileNameOf(message);
      if (!group && !title && profileName) contact.name = profileName;
      const senderName = group && !fromMe ? await senderNameOf(message, lookup) : undefined;
      candidates.push({
        message,
        content,
        past: { externalId, body: content.body, timestamp: new Date(message.timestamp * 1000), fromMe, senderName },
      });
    }
    const messages = await readPastMessages(ctx, channel, candidates, (candidate) =>
      bodyAndMediaOf(ctx, channel, candidate.message, candidate.content),
    );
    if (messages.length > 0) result.push({ contact, messages });
  }
  return result;
}

/** A 'message_ack' event: the ack of a message this channel sent (ACK_SERVER → sent, …). */
export async function applyWhatsappAck(ctx: AppContext, channel: ChannelRow, message: Message, ack: number): Promise<WhatsappEventOutcome> {
  const status = ACKS[ack];
  const externalId = serializedIdOf(message.id);
  if (!status || !externalId) return 'skipped';
  const applied = await applyProviderStatus(ctx, { tenantId: channel.tenantId, channelId: channel.id, externalId, status });
  return applied === 'unknown' ? 'unknown' : 'status';
}

/** The chat of a message id ('remote': a string, or a wid object in some WhatsApp Web builds). */
function remoteOf(id: { remote?: unknown } | null | undefined): string | undefined {
  const remote = typeof id?.remote === 'object' && id.remote !== null ? (id.remote as { _serialized?: string })._serialized : id?.remote;
  return typeof remote === 'string' ? remote : undefined;
}

/**
 * A 'message_reaction' event: stored as a message ('👍 (reaction)'), as the waba channel does, so
 * agents see it: in a group, on the group's ticket with the participant's number (when the
 * channel takes groups; skipped otherwise). The phone's own reactions and removed reactions
 * (empty text) are skipped.
 */
export async function ingestWhatsappReaction(
  ctx: AppContext,
  channel: ChannelRow,
  reaction: Reaction,
  options: WhatsappChatOptions = {},
): Promise<WhatsappEventOutcome> {
  const externalId = serializedIdOf(reaction.id);
  if (reaction.id?.fromMe || !reaction.reaction || !externalId) return 'skipped';
  const sender = await customerNumber(reaction.senderId, options);
  const chatId = remoteOf(reaction.id);
  let chat: ChatOf;
  if (isGroupJid(chatId)) {
    if (!options.groups) return 'skipped';
    chat = { contact: await groupContactOf(chatId, options), senderName: sender ?? 'Participant' };
  } else if (sender) {
    chat = { contact: { key: { number: sender }, name: sender } };
  } else {
    return 'skipped';
  }
  const result = await ingestInbound(
    ctx,
    {
      tenantId: channel.tenantId,
      channelId: channel.id,
      externalId,
      contact: chat.contact,
      body: `${reaction.reaction} (reaction)`,
      quotedExternalId: serializedIdOf(reaction.msgId),
      timestamp: reaction.timestamp ? new Date(reaction.timestamp * 1000) : undefined,
      senderName: chat.senderName,
    },
    { channel },
  );
  return result.outcome;
}

/** 'message_edit': a stored message's new text (the messages module's applyProviderEdit). */
export async function applyWhatsappEdit(
  ctx: AppContext,
  channel: ChannelRow,
  externalId: string,
  body: string,
): Promise<WhatsappEventOutcome> {
  const applied = await applyProviderEdit(ctx, { tenantId: channel.tenantId, channelId: channel.id, externalId, body });
  return applied === 'unknown' ? 'unknown' : 'updated';
}

/**
 * 'message_revoke_everyone': a message deleted for everyone on WhatsApp, by the customer of their
 * own message, or from the connected phone (`byMe`) of one of the channel's (an agent's reply or a
 * message typed on the phone). The row stays, marked deleted, as for agents' deletions; the agents
 * are told. An unknown message, one of the other side, or one already deleted is left alone.
 */
export async function applyWhatsappRevoke(
  ctx: AppContext,
  channel: ChannelRow,
  externalId: string,
  byMe: boolean,
): Promise<WhatsappEventOutcome> {
  return transact(ctx, async (tx, events) => {
    const message = await findMessageByExternalId(tx, channel.tenantId, channel.id, externalId);
    if (!message || message.fromMe !== byMe) return 'unknown' as const;
    if (message.deleted) return 'updated' as const;
    await markMessageDeleted(tx, channel.tenantId, message.id);
    if (message.ticketId !== null)
      events.push({ type: 'message.updated', tenantId: channel.tenantId, ticketId: message.ticketId, messageId: message.id });
    return 'updated' as const;
  });
}
