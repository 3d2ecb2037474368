import {
  getContentType,
  isJidBroadcast,
  isJidGroup,
  isJidStatusBroadcast,
  normalizeMessageContent,
  proto,
  type BaileysEventMap,
  type WAMessage,
  type WAMessageKey,
  type WAMessageUpdate,
} from 'baileys';
import type { AppContext } from '../../../../app-context.js';
import { transact } from '../../../../platform/events/transact.js';
import { AppError } from '../../../../platform/http/app-error.js';
import { saveInboundFile, unkeptFileNote, withNote } from '../../../messages/inbound-file.js';
import { findMessageByExternalId } from '../../../messages/use-cases/find-message-by-external-id.js';
import { markMessageDeleted } from '../../../messages/use-cases/mark-message-deleted.js';
import { applyProviderEdit } from '../../../messages/use-cases/apply-provider-edit.js';
import { applyProviderStatus, type ProviderStatus } from '../../../messages/use-cases/apply-provider-status.js';
import { ingestInbound, MAX_INBOUND_BODY, type InboundMedia, type InboundMessage } from '../../../messages/use-cases/ingest-inbound.js';
import type { ChannelRow } from '../../channels.repository.js';
import { historyImportSettingsOf } from '../../history-import.js';
import { readPastMessages, type PastChat, type PastMessage } from '../../use-cases/import-chat-history.js';
import { fallbackGroupName, groupContactKey, isGroupJid } from '../whatsapp-groups.js';

/** Downloads a media message's file (Baileys' downloadMediaMessage in production; injected in tests). */
export type MediaDownloader = (message: WAMessage) => Promise<Buffer>;

export type BaileysInboundOutcome = 'stored' | 'duplicate' | 'blocked' | 'skipped' | 'edited' | 'deleted' | 'ignored';

/** The customer's number of a one-to-one chat; undefined for groups, broadcasts, statuses and newsletters. */
export function customerNumberOf(key: WAMessageKey): string | undefined {
  const jid = key.remoteJid ?? '';
  if (isJidGroup(jid) || isJidBroadcast(jid) || isJidStatusBroadcast(jid)) return undefined;
  // '@lid' chats (hidden numbers): Baileys 7 gives the phone JID as remoteJidAlt when it knows it.
  const phoneJid = jid.endsWith('@lid') ? (key.remoteJidAlt ?? '') : jid;
  return /^(\d{6,20})(?::\d+)?@s\.whatsapp\.net$/.exec(phoneJid)?.[1];
}

function timestampOf(value: WAMessage['messageTimestamp']): Date | undefined {
  const seconds = typeof value === 'number' ? value : value ? Number(value.toString()) : NaN;
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : undefined;
}

type MediaKind = Exclude<InboundMedia['type'], 'location' | 'contact'>;
const MEDIA: Partial<Record<keyof proto.IMessage, MediaKind>> = {
  imageMessage: 'image',
  videoMessage: 'video',
  audioMessage: 'audio',
  documentMessage: 'document',
  stickerMessage: 'sticker',
};

/** 'BEGIN:VCARD … TEL;waid=5511…:+55 11 …' → the phone numbers of a contact card. */
function phonesOfVcard(vcard: string | null | undefined): string[] {
  return [...(vcard ?? '').matchAll(/^TEL[^:]*:(.+)$/gim)].map((m) => m[1].trim()).filter(Boolean);
}

function contactLine(card: proto.Message.IContactMessage): string {
  const phones = phonesOfVcard(card.vcard);
  return `👤 ${card.displayName?.trim() || 'Contact'}${phones.length ? `: ${phones.join(', ')}` : ''}`;
}

type Content =
  | { kind: 'message'; body: string; media?: { kind: MediaKind; mimetype?: string | null; fileName?: string | null }; quoted?: string }
  | { kind: 'edit'; targetId: string; body: string }
  | { kind: 'revoke'; targetId: string }
  | { kind: 'skip'; reason: string };

/** What a WhatsApp message is, in Conversa's terms (Baileys' own unwrapping of ephemeral/view-once/… containers first). */
export function contentOf(message: WAMessage): Content {
  const content = normalizeMessageContent(message.message);
  const type = getContentType(content);
  if (!content || !type) return { kind: 'skip', reason: 'no content' };
  const quoted = (node: { contextInfo?: proto.IContextInfo | null } | null | undefined) => node?.contextInfo?.stanzaId ?? undefined;

  switch (type) {
    case 'conversation':
      return { kind: 'message', body: content.conversation ?? '' };
    case 'extendedTextMessage':
      return { kind: 'message', body: content.extendedTextMessage?.text ?? '', quoted: quoted(content.extendedTextMessage) };
    case 'locationMessage':
    case 'liveLocationMessage': {
      const place = content.locationMessage ?? content.liveLocationMessage;
      const lat = place?.degreesLatitude;
      const lng = place?.degreesLongitude;
      if (typeof lat !== 'number' || typeof lng !== 'number') return { kind: 'skip', reason: 'location without coordinates' };
      const named = content.locationMessage;
      const lines = [`📍 ${named?.name ?? 'Location'}`, named?.address, `https://maps.google.com/maps?q=${lat},${lng}`];
      return { kind: 'message', body: lines.filter(Boolean).join('\n') };
    }
    case 'contactMessage':
      return { kind: 'message', body: contactLine(content.contactMessage ?? {}) };
    case 'contactsArrayMessage': {
      const cards = content.contactsArrayMessage?.contacts ?? [];
      return cards.length
        ? { kind: 'message', body: cards.map(contactLine).join('\n') }
        : { kind: 'skip', reason: 'contacts message without contacts' };
    }
    case 'reactionMessage': {
      // Stored as a message so agents see it (as the waba adapter does); a removed reaction is skipped.
      const emoji = content.reactionMessage?.text;
      return emoji
        ? { kind: 'message', body: `${emoji} (reaction)`, quoted: content.reactionMessage?.key?.id ?? undefined }
        : { kind: 'skip', reason: 'reaction removed' };
    }
    case 'protocolMessage': {
      const protocol = content.protocolMessage;
      const targetId = protocol?.key?.id;
      if (!targetId) return { kind: 'skip', reason: 'protocol message without a target' };
      if (protocol.type === proto.Message.ProtocolMessage.Type.REVOKE) return { kind: 'revoke', targetId };
      if (protocol.type === proto.Message.ProtocolMessage.Type.MESSAGE_EDIT) {
        const edited = normalizeMessageContent(protocol.editedMessage);
        const body =
          edited?.conversation ??
          edited?.extendedTextMessage?.text ??
          edited?.imageMessage?.caption ??
          edited?.videoMessage?.caption ??
          edited?.documentMessage?.caption;
        return typeof body === 'string' ? { kind: 'edit', targetId, body } : { kind: 'skip', reason: 'edit without text' };
      }
      return { kind: 'skip', reason: `protocol message ${protocol.type ?? '?'}` };
    }
    default: {
      const media = MEDIA[type];
      if (media) {
        const node = content[type] as {
          caption?: string | null;
          mimetype?: string | null;
          fileName?: string | null;
          contextInfo?: proto.IContextInfo | null;
        };
        return {
          kind: 'message',
          body: node.caption ?? '',
          media: { kind: media, mimetype: node.mimetype, fileName: node.fileName },
          quoted: quoted(node),
        };
      }
      if (type === 'senderKeyDistributionMessage' || type === 'messageContextInfo') return { kind: 'skip', reason: type };
      return { kind: 'message', body: `[WhatsApp message of type '${type}' is not supported]` };
    }
  }
}

const EXTENSIONS: Record<string, string> = { image: 'jpg', video: 'mp4', audio: 'ogg', sticker: 'webp', document: 'bin' };

/** Where a message belongs: a customer's one-to-one chat or (when the channel takes them) a group. */
export interface BaileysChatOptions {
  /** Group chats become group tickets (the channel's importGroups). */
  groups: boolean;
  /** The group's subject when it can be learnt (group metadata, the history's chat list). */
  groupName?: (jid: string) => Promise<string | undefined> | string | undefined;
}

type ChatOf = { contact: InboundMessage['contact']; senderName?: string };

/**
 * The contact of a message's chat: the customer (by number), or the group with the participant
 * who wrote. The phone's own messages name no one (their pushName is the account's own name).
 */
export async function chatOf(message: WAMessage, options: BaileysChatOptions): Promise<ChatOf | undefined> {
  const jid = message.key.remoteJid;
  const pushName = message.key.fromMe ? undefined : message.pushName?.trim().slice(0, 200) || undefined;
  if (isGroupJid(jid)) {
    if (!options.groups) return undefined;
    const participant = message.key.participantAlt ?? message.key.participant ?? undefined;
    const name = (await options.groupName?.(jid))?.trim().slice(0, 200) || fallbackGroupName(jid);
    return {
      contact: { key: groupContactKey(jid), name, isGroup: true },
      senderName: message.key.fromMe ? undefined : pushName || numberOfParticipant(participant) || 'Participant',
    };
  }
  const number = customerNumberOf(message.key);
  return number ? { contact: { key: { number }, name: pushName || number } } : undefined;
}

function numberOfParticipant(jid: string | undefined): string | undefined {
  return /^(\d{6,20})(?::\d+)?@s\.whatsapp\.net$/.exec(jid ?? '')?.[1];
}

/** A message's text and file (downloaded and checked; a file that cannot be kept is said in the text). */
async function bodyAndMediaOf(
  ctx: AppContext,
  channel: ChannelRow,
  message: WAMessage,
  content: Extract<Content, { kind: 'message' }>,
  download: MediaDownloader,
): Promise<{ body: string; media?: InboundMedia }> {
  const externalId = message.key.id ?? '';
  if (!content.media) return { body: content.body.slice(0, MAX_INBOUND_BODY) };
  const declared = content.media.mimetype?.split(';')[0]?.trim() || 'application/octet-stream';
  const name =
    content.media.fileName?.trim() ||
    `${content.media.kind}-${externalId.replace(/[^A-Za-z0-9]/g, '').slice(-12)}.${EXTENSIONS[content.media.kind]}`;
  const { kind } = content.media;
  try {
    let file: Buffer;
    try {
      file = await download(message);
    } catch (error) {
      throw new AppError('ERR_WAPP_DOWNLOAD_MEDIA', (error as Error).message);
    }
    const media = await saveInboundFile(ctx, channel.tenantId, file, { mime: declared, name, kind });
    return { body: content.body.slice(0, MAX_INBOUND_BODY), media };
  } catch (error) {
    // The message is kept, saying what it was, rather than lost.
    if (!(error instanceof AppError)) throw error;
    ctx.logger.warn({ channelId: channel.id, externalId, code: error.code, reason: error.message }, 'baileys media not stored');
    return { body: withNote(content.body, unkeptFileNote(error, kind, name)) };
  }
}

/**
 * One message of 'messages.upsert' into the shared pipeline: new messages through ingestInbound,
 * edits and deletions "for everyone" onto the stored message. Messages typed on the connected
 * phone are stored as the channel's own (fromMe); Conversa's own sends are recognised by
 * `isOwnSend` and skipped (the send job stored them). Groups only when the channel takes them;
 * broadcasts and statuses never.
 */
export async function handleBaileysMessage(
  ctx: AppContext,
  channel: ChannelRow,
  message: WAMessage,
  download: MediaDownloader,
  options: BaileysChatOptions & { isOwnSend?: (externalId: string) => boolean } = { groups: false },
): Promise<BaileysInboundOutcome> {
  const externalId = message.key.id;
  if (!externalId) return 'skipped';
  const fromMe = message.key.fromMe === true;
  if (fromMe && options.isOwnSend?.(externalId)) return 'skipped';
  const content = contentOf(message);
  if (content.kind === 'skip') return 'skipped';
  const chat = await chatOf(message, options);
  if (!chat) return 'skipped';

  switch (content.kind) {
    case 'edit': {
      const applied = await applyProviderEdit(ctx, {
        tenantId: channel.tenantId,
        channelId: channel.id,
        externalId: content.targetId,
        body: content.body,
      });
      return applied === 'applied' ? 'edited' : 'ignored';
    }
    case 'revoke':
      return applyDeletionForEveryone(ctx, channel, content.targetId, fromMe);
    case 'message':
      break;
  }

  const { body, media } = await bodyAndMediaOf(ctx, channel, message, content, download);
  const result = await ingestInbound(
    ctx,
    {
      tenantId: channel.tenantId,
      channelId: channel.id,
      externalId,
      contact: chat.contact,
      body,
      media,
      quotedExternalId: content.quoted,
      timestamp: timestampOf(message.messageTimestamp),
      fromMe,
      senderName: chat.senderName,
    },
    { channel },
  );
  return result.outcome;
}

/** A history sync chunk ('messaging-history.set'), as Baileys hands it over. */
export type BaileysHistory = Pick<BaileysEventMap['messaging-history.set'], 'chats' | 'contacts' | 'messages'>;

/**
 * The chats of a history sync chunk as past conversations: messages grouped by chat, reduced to
 * what the channel's history options keep (before any media is downloaded), with the names the
 * chunk gives (a group's subject, a contact's saved or push name).
 */
export async function pastChatsOf(
  ctx: AppContext,
  channel: ChannelRow,
  history: BaileysHistory,
  download: MediaDownloader,
): Promise<PastChat[]> {
  const settings = historyImportSettingsOf(channel.settings);
  const names = new Map<string, string>();
  for (const contact of history.contacts) {
    const name = contact.name ?? contact.notify ?? contact.verifiedName;
    if (contact.id && name) names.set(contact.id, name);
  }
  for (const chat of history.chats) if (chat.id && chat.name) names.set(chat.id, chat.name);

  const byChat = new Map<
    string,
    {
      contact: InboundMessage['contact'];
      candidates: { message: WAMessage; past: PastMessage; content: Extract<Content, { kind: 'message' }>; senderName?: string }[];
    }
  >();
  for (const message of history.messages) {
    const externalId = message.key.id;
    const timestamp = timestampOf(message.messageTimestamp);
    const content = contentOf(message);
    if (!externalId || !timestamp || content.kind !== 'message') continue;
    const chat = await chatOf(message, { groups: settings.importGroups === true, groupName: (jid) => names.get(jid) });
    if (!chat) continue;
    const jid = message.key.remoteJid ?? '';
    const entry = byChat.get(jid) ?? {
      contact: { ...chat.contact, name: chat.contact.isGroup ? chat.contact.name : (names.get(jid) ?? chat.contact.name) },
      candidates: [],
    };
    // A one-to-one chat's name: the saved name, else the customer's own push name (not the phone's).
    if (!chat.contact.isGroup && !names.has(jid) && !message.key.fromMe && message.pushName)
      entry.contact.name = message.pushName.trim().slice(0, 200);
    entry.candidates.push({
      message,
      content,
      senderName: chat.senderName,
      past: { externalId, body: content.body, timestamp, fromMe: message.key.fromMe === true },
    });
    byChat.set(jid, entry);
  }

  const chats: PastChat[] = [];
  for (const { contact, candidates } of byChat.values()) {
    const messages = await readPastMessages(ctx, channel, candidates, async (candidate) => ({
      ...(await bodyAndMediaOf(ctx, channel, candidate.message, candidate.content, download)),
      senderName: candidate.senderName,
    }));
    if (messages.length > 0) chats.push({ contact, messages });
  }
  return chats;
}

/**
 * A deletion "for everyone": by the customer of their own message, or from the connected phone of
 * one of the channel's. The row stays, marked deleted (as agents' deletions).
 */
async function applyDeletionForEveryone(
  ctx: AppContext,
  channel: ChannelRow,
  targetId: string,
  byMe: boolean,
): Promise<BaileysInboundOutcome> {
  return transact(ctx, async (tx, events) => {
    const target = await findMessageByExternalId(tx, channel.tenantId, channel.id, targetId);
    if (!target || target.fromMe !== byMe || target.deleted) return 'ignored';
    await markMessageDeleted(tx, channel.tenantId, target.id);
    if (target.ticketId !== null)
      events.push({ type: 'message.updated', tenantId: channel.tenantId, ticketId: target.ticketId, messageId: target.id });
    return 'deleted';
  });
}

/** proto.WebMessageInfo.Status as provider statuses (ERROR 0, PENDING 1, SERVER_ACK 2, DELIVERY_ACK 3, READ 4, PLAYED 5). */
const ACKS: Partial<Record<number, ProviderStatus>> = {
  [proto.WebMessageInfo.Status.ERROR]: 'failed',
  [proto.WebMessageInfo.Status.SERVER_ACK]: 'sent',
  [proto.WebMessageInfo.Status.DELIVERY_ACK]: 'delivered',
  [proto.WebMessageInfo.Status.READ]: 'read',
  [proto.WebMessageInfo.Status.PLAYED]: 'read',
};

/** 'messages.update' status changes of the messages Conversa sent → ticks (applyProviderStatus). */
export async function handleBaileysUpdate(ctx: AppContext, channel: ChannelRow, update: WAMessageUpdate): Promise<'status' | 'ignored'> {
  const externalId = update.key.id;
  const status = typeof update.update.status === 'number' ? ACKS[update.update.status] : undefined;
  if (!externalId || !update.key.fromMe || !status) return 'ignored';
  await applyProviderStatus(ctx, { tenantId: channel.tenantId, channelId: channel.id, externalId, status });
  return 'status';
}
