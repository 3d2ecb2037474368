import type { Message, MessageMedia, Reaction } from 'whatsapp-web.js';
import type { AppContext } from '../../../../app-context.js';
import { transact } from '../../../../platform/events/transact.js';
import { AppError } from '../../../../platform/http/app-error.js';
import { checkUpload } from '../../../../platform/media/uploads.js';
import { findMessageByExternalId, updateMessageRow } from '../../../messages/messages.repository.js';
import { applyProviderEdit } from '../../../messages/use-cases/apply-provider-edit.js';
import { applyProviderStatus, type ProviderStatus } from '../../../messages/use-cases/apply-provider-status.js';
import { ingestInbound, MAX_INBOUND_BODY, type InboundMedia } from '../../../messages/use-cases/ingest-inbound.js';
import type { ChannelRow } from '../../channels.repository.js';

/**
 * The mapping of whatsapp-web.js's events (Message, Reaction, MessageAck) onto the shared
 * pipeline: ingestInbound for messages, applyProviderStatus for acks.
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

/** The id (as `Message.id._serialized`) of the message this one quotes, when WhatsApp Web gave it. */
function quotedIdOf(message: Message, ownId: string | undefined): string | undefined {
  const raw = (message as Message & { _data?: { quotedStanzaID?: unknown; quotedParticipant?: unknown } })._data;
  if (!message.hasQuotedMsg || typeof raw?.quotedStanzaID !== 'string') return undefined;
  const participant =
    typeof raw.quotedParticipant === 'object' && raw.quotedParticipant !== null
      ? (raw.quotedParticipant as { _serialized?: string })._serialized
      : raw.quotedParticipant;
  const fromMe = ownId !== undefined && participant === ownId;
  return `${fromMe}_${message.from}_${raw.quotedStanzaID}`;
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
    const upload = await checkUpload(Buffer.from(file.data, 'base64'), declared, name);
    const key = await ctx.media.save(channel.tenantId, upload.content);
    const type = kind === 'sticker' || kind === 'document' ? kind : (upload.type as InboundMedia['type']);
    return { media: { type, key, name: upload.name, mime: upload.mime, size: upload.content.length } };
  } catch (error) {
    // A file type Conversa refuses (or too large): the message is kept, saying what it was.
    if (!(error instanceof AppError)) throw error;
    ctx.logger.warn({ channelId: channel.id, externalId: serializedIdOf(message.id), code: error.code }, 'whatsapp media refused');
    return { note: `[${name}: file not accepted (${error.message})]` };
  }
}

/**
 * A 'message' event → the shared inbound pipeline. Skipped: the connected phone's own messages
 * (the agents' replies already exist; the pipeline stores customers' messages only), groups,
 * statuses, broadcasts, newsletters, notices and protocol messages.
 */
export async function ingestWhatsappMessage(
  ctx: AppContext,
  channel: ChannelRow,
  message: Message,
  lookup: InboundLookup & { ownId?: string } = {},
): Promise<WhatsappEventOutcome> {
  // MessageTypes values, compared as the strings they are.
  const type: string = message.type;
  if (message.fromMe || message.isStatus || message.broadcast || NOT_MESSAGES.has(type)) return 'skipped';
  const externalId = serializedIdOf(message.id);
  const number = await customerNumber(message.from, lookup);
  if (!number || !externalId) return 'skipped';

  let body = message.body ?? '';
  let media: InboundMedia | undefined;
  const kind = MEDIA_KINDS[type];
  if (type === 'location') {
    body = locationBody(message) ?? body;
  } else if (type === 'vcard' || type === 'multi_vcard') {
    body = vcardsBody(message.vCards) ?? body;
  } else if (kind && message.hasMedia) {
    const stored = await mediaOf(ctx, channel, message, kind);
    media = stored.media;
    if (stored.note) body = body ? `${body}\n${stored.note}` : stored.note;
  } else if (type !== 'chat' && !body) {
    body = `[WhatsApp message of type '${type}' is not supported]`;
  }
  if (!body && !media) return 'skipped';

  const result = await ingestInbound(
    ctx,
    {
      tenantId: channel.tenantId,
      channelId: channel.id,
      externalId,
      contact: { key: { number }, name: profileNameOf(message) ?? number },
      body: body.slice(0, MAX_INBOUND_BODY),
      media,
      quotedExternalId: quotedIdOf(message, lookup.ownId),
      timestamp: message.timestamp ? new Date(message.timestamp * 1000) : undefined,
    },
    { channel },
  );
  return result.outcome;
}

/** A 'message_ack' event: the ack of a message this channel sent (ACK_SERVER → sent, …). */
export async function applyWhatsappAck(ctx: AppContext, channel: ChannelRow, message: Message, ack: number): Promise<WhatsappEventOutcome> {
  const status = ACKS[ack];
  const externalId = serializedIdOf(message.id);
  if (!status || !externalId) return 'skipped';
  const applied = await applyProviderStatus(ctx, { tenantId: channel.tenantId, channelId: channel.id, externalId, status });
  return applied === 'unknown' ? 'unknown' : 'status';
}

/**
 * A 'message_reaction' event: stored as a message ('👍 (reaction)'), as the waba channel does, so
 * agents see it. The phone's own reactions and removed reactions (empty text) are skipped.
 */
export async function ingestWhatsappReaction(
  ctx: AppContext,
  channel: ChannelRow,
  reaction: Reaction,
  lookup: InboundLookup = {},
): Promise<WhatsappEventOutcome> {
  const externalId = serializedIdOf(reaction.id);
  if (reaction.id?.fromMe || !reaction.reaction || !externalId) return 'skipped';
  const number = await customerNumber(reaction.senderId, lookup);
  if (!number) return 'skipped';
  const result = await ingestInbound(
    ctx,
    {
      tenantId: channel.tenantId,
      channelId: channel.id,
      externalId,
      contact: { key: { number }, name: number },
      body: `${reaction.reaction} (reaction)`,
      quotedExternalId: serializedIdOf(reaction.msgId),
      timestamp: reaction.timestamp ? new Date(reaction.timestamp * 1000) : undefined,
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
 * 'message_revoke_everyone': a stored message deleted for everyone on WhatsApp (by the customer,
 * or from the connected phone). The row stays, marked deleted, as for agents' deletions; the agents
 * are told. An unknown or already deleted message is left alone.
 */
export async function applyWhatsappRevoke(ctx: AppContext, channel: ChannelRow, externalId: string): Promise<WhatsappEventOutcome> {
  return transact(ctx, async (tx, events) => {
    const message = await findMessageByExternalId(tx, channel.tenantId, channel.id, externalId);
    if (!message) return 'unknown' as const;
    if (message.deleted) return 'updated' as const;
    await updateMessageRow(tx, channel.tenantId, message.id, { deleted: true });
    if (message.ticketId !== null)
      events.push({ type: 'message.updated', tenantId: channel.tenantId, ticketId: message.ticketId, messageId: message.id });
    return 'updated' as const;
  });
}
