import {
  getContentType,
  isJidBroadcast,
  isJidGroup,
  isJidStatusBroadcast,
  normalizeMessageContent,
  proto,
  type WAMessage,
  type WAMessageKey,
  type WAMessageUpdate,
} from 'baileys';
import type { AppContext } from '../../../../app-context.js';
import { transact } from '../../../../platform/events/transact.js';
import { AppError } from '../../../../platform/http/app-error.js';
import { checkUpload } from '../../../../platform/media/uploads.js';
import { findMessageByExternalId, updateMessageRow } from '../../../messages/messages.repository.js';
import { applyProviderEdit } from '../../../messages/use-cases/apply-provider-edit.js';
import { applyProviderStatus, type ProviderStatus } from '../../../messages/use-cases/apply-provider-status.js';
import { ingestInbound, MAX_INBOUND_BODY, type InboundMedia } from '../../../messages/use-cases/ingest-inbound.js';
import type { ChannelRow } from '../../channels.repository.js';

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

/**
 * One message of 'messages.upsert' (type notify) into the shared pipeline: new messages through
 * ingestInbound, edits and deletions "for everyone" onto the stored message. Skipped: messages the
 * connected phone sent (fromMe; Conversa's own sends are already stored), groups, broadcasts and
 * statuses.
 */
export async function handleBaileysMessage(
  ctx: AppContext,
  channel: ChannelRow,
  message: WAMessage,
  download: MediaDownloader,
): Promise<BaileysInboundOutcome> {
  const externalId = message.key.id;
  if (!externalId || message.key.fromMe) return 'skipped';
  const number = customerNumberOf(message.key);
  if (!number) return 'skipped';
  const content = contentOf(message);

  switch (content.kind) {
    case 'skip':
      return 'skipped';
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
      return applyCustomerDeletion(ctx, channel, content.targetId);
    case 'message':
      break;
  }

  let body = content.body;
  let media: InboundMedia | undefined;
  if (content.media) {
    const declared = content.media.mimetype?.split(';')[0]?.trim() || 'application/octet-stream';
    const name =
      content.media.fileName?.trim() ||
      `${content.media.kind}-${externalId.replace(/[^A-Za-z0-9]/g, '').slice(-12)}.${EXTENSIONS[content.media.kind]}`;
    try {
      let file: Buffer;
      try {
        file = await download(message);
      } catch (error) {
        throw new AppError('ERR_WAPP_DOWNLOAD_MEDIA', (error as Error).message);
      }
      const upload = await checkUpload(file, declared, name);
      const key = await ctx.media.save(channel.tenantId, upload.content);
      media = {
        type: content.media.kind === 'sticker' ? 'sticker' : (upload.type as MediaKind),
        key,
        name: upload.name,
        mime: upload.mime,
        size: upload.content.length,
      };
    } catch (error) {
      // The message is kept, saying what it was, rather than lost.
      if (!(error instanceof AppError)) throw error;
      ctx.logger.warn({ channelId: channel.id, externalId, code: error.code, reason: error.message }, 'baileys media not stored');
      const note =
        error.code === 'ERR_WAPP_DOWNLOAD_MEDIA'
          ? `[${content.media.kind} could not be downloaded]`
          : `[${name}: file not accepted (${error.message})]`;
      body = body ? `${body}\n${note}` : note;
    }
  }

  const result = await ingestInbound(
    ctx,
    {
      tenantId: channel.tenantId,
      channelId: channel.id,
      externalId,
      contact: { key: { number }, name: message.pushName?.trim().slice(0, 200) || number },
      body: body.slice(0, MAX_INBOUND_BODY),
      media,
      quotedExternalId: content.quoted,
      timestamp: timestampOf(message.messageTimestamp),
    },
    { channel },
  );
  return result.outcome;
}

/** A customer's deletion "for everyone" of one of their own messages: the row stays, marked deleted (as agents' deletions). */
async function applyCustomerDeletion(ctx: AppContext, channel: ChannelRow, targetId: string): Promise<BaileysInboundOutcome> {
  return transact(ctx, async (tx, events) => {
    const target = await findMessageByExternalId(tx, channel.tenantId, channel.id, targetId);
    if (!target || target.fromMe || target.deleted) return 'ignored';
    await updateMessageRow(tx, channel.tenantId, target.id, { deleted: true });
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
