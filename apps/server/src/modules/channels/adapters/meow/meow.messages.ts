import type { AppContext } from '../../../../app-context.js';
import { saveInboundFile, unkeptFileNote, withNote } from '../../../messages/inbound-file.js';
import { AppError } from '../../../../platform/http/app-error.js';
import { MAX_INBOUND_BODY, type InboundMedia, type InboundMessage } from '../../../messages/use-cases/ingest-inbound.js';
import type { ChannelRow } from '../../channels.repository.js';
import { fallbackGroupName, groupContactKey, groupJidOf, groupSubjectOf, isGroupJid } from '../whatsapp-groups.js';
import { MeowClient, meowSettingsOf, MeowUnavailableError } from './meow.client.js';
import { downloadAnswerSchema, groupInfoAnswerSchema, type MeowContent, type MeowMedia } from './meow.schemas.js';

/**
 * What live messages (the Message event: whatsmeow's events.Message) and history messages (the
 * HistorySync event: WebMessageInfo) share: both carry a waE2E.Message, JSON-encoded by Go the same
 * way, so their text and files are read the same way here.
 */

type MediaKind = 'image' | 'video' | 'audio' | 'document' | 'sticker';

export interface MeowMessageContent {
  body: string;
  media?: { kind: MediaKind; content: MeowMedia };
}

/** The text and the file part of a message; undefined for kinds Conversa does not show (reactions, protocol messages, polls, …). */
export function contentOf(message: MeowContent): MeowMessageContent | undefined {
  if (message.conversation) return { body: message.conversation };
  if (message.extendedTextMessage?.text) return { body: message.extendedTextMessage.text };
  const kinds: [MediaKind, MeowMedia | null | undefined][] = [
    ['image', message.imageMessage],
    ['video', message.videoMessage],
    ['audio', message.audioMessage],
    ['document', message.documentMessage ?? message.documentWithCaptionMessage?.message?.documentMessage],
    ['sticker', message.stickerMessage],
  ];
  for (const [kind, content] of kinds) if (content) return { body: content.caption ?? '', media: { kind, content } };
  return undefined;
}

const PHONE_JID = /^(\d{6,20})(?:\.\d+)?(?::\d+)?@s\.whatsapp\.net$/;

/** The number of a person's JID ('5511…[.0:12]@s.whatsapp.net'); undefined for '@lid', groups, broadcasts. */
export function numberOfJid(jid: string | null | undefined): string | undefined {
  return PHONE_JID.exec(jid ?? '')?.[1];
}

/**
 * The customer's number of a one-to-one chat: the chat's own JID, or for a '@lid' chat the first
 * phone JID among its other addresses. Broadcasts, statuses and newsletters have none.
 */
export function customerNumber(chat: string, alternates: (string | null | undefined)[]): string | undefined {
  const number = numberOfJid(chat);
  if (number || !chat.endsWith('@lid')) return number;
  return alternates.map(numberOfJid).find(Boolean);
}

/** Who wrote a group message: their push name, else their number; nobody for the phone's own. */
export function senderNameOf(
  fromMe: boolean,
  pushName: string | null | undefined,
  participant: (string | null | undefined)[],
): string | undefined {
  if (fromMe) return undefined;
  return pushName?.trim().slice(0, 200) || participant.map(numberOfJid).find(Boolean) || 'Participant';
}

/**
 * The contact of a chat: the customer (named after their push name, else their number) or, when
 * the channel takes groups, the group (named after its subject: the one given, else WuzAPI's
 * group info, else fallbackGroupName). Undefined for chats Conversa does not keep.
 */
export async function contactOf(
  ctx: AppContext,
  channel: ChannelRow,
  chat: string,
  options: { alternates: (string | null | undefined)[]; name?: string | null; groupName?: string | null; groups: boolean },
): Promise<InboundMessage['contact'] | undefined> {
  if (isGroupJid(chat)) {
    if (!options.groups) return undefined;
    const subject = options.groupName?.trim() || (await groupSubject(ctx, channel, chat));
    return { key: groupContactKey(chat), name: subject?.slice(0, 200) || fallbackGroupName(chat), isGroup: true };
  }
  const number = customerNumber(chat, options.alternates);
  return number ? { key: { number }, name: options.name?.trim().slice(0, 200) || number } : undefined;
}

/** A group's subject from GET /group/info?groupJID=… (whatsmeow's GroupInfo.Name); undefined when WuzAPI does not say. */
function groupSubject(ctx: AppContext, channel: ChannelRow, jid: string): Promise<string | undefined> {
  return groupSubjectOf(ctx, channel.id, jid, async () => {
    const answer = await new MeowClient(ctx, meowSettingsOf(ctx, channel)).call(
      'session',
      'GET',
      `/group/info?groupJID=${encodeURIComponent(jid)}`,
      groupInfoAnswerSchema,
    );
    return answer?.data.Name;
  });
}

/** A file that came inline with the webhook (WuzAPI's base64 media delivery, live messages only). */
export interface InlineFile {
  base64?: string;
  mimeType?: string;
  fileName?: string;
}

/**
 * A message's text and file. The file comes inline (the webhook's base64) or from WuzAPI's
 * /chat/download{image,video,audio,document} (given the message's URL and keys; stickers have no
 * such endpoint). A file that cannot be kept is said in the text instead of losing the message.
 * WuzAPI being unavailable fails a live message (the webhook answers 503); a history message keeps
 * the note.
 */
export async function bodyAndMediaOf(
  ctx: AppContext,
  channel: ChannelRow,
  externalId: string,
  content: MeowMessageContent,
  inline: InlineFile | undefined,
  mode: 'live' | 'history',
): Promise<{ body: string; media?: InboundMedia }> {
  const text = content.body.slice(0, MAX_INBOUND_BODY);
  if (!content.media) return { body: text };
  const { kind, content: info } = content.media;
  const declared = (inline?.mimeType ?? info.mimetype ?? 'application/octet-stream').split(';')[0].trim();
  const name = info.fileName?.trim() || inline?.fileName || `${kind}-${externalId.replace(/[^A-Za-z0-9]/g, '').slice(-12)}`;
  try {
    let bytes: Buffer | undefined = inline?.base64 ? Buffer.from(inline.base64, 'base64') : undefined;
    try {
      bytes ??= await downloadMedia(ctx, channel, kind, info);
    } catch (error) {
      if (error instanceof MeowUnavailableError && mode === 'live') throw error;
      if (!(error instanceof AppError || error instanceof MeowUnavailableError)) throw error;
      throw new AppError('ERR_WAPP_DOWNLOAD_MEDIA', error.message);
    }
    if (!bytes) return { body: withNote(text, `[${kind}]`) };
    const media = await saveInboundFile(ctx, channel.tenantId, bytes, { mime: declared, name, kind });
    return { body: text, media };
  } catch (error) {
    // A file type Conversa refuses, too large, or gone from WhatsApp: the message is kept, saying what it was.
    if (!(error instanceof AppError)) throw error;
    ctx.logger.warn({ channelId: channel.id, externalId, code: error.code, reason: error.message }, 'wuzapi media not stored');
    return { body: withNote(text, unkeptFileNote(error, kind, name)) };
  }
}

/** A file through WuzAPI's /chat/download{kind}; undefined when there is no way to fetch it (stickers, no URL). */
async function downloadMedia(ctx: AppContext, channel: ChannelRow, kind: MediaKind, info: MeowMedia): Promise<Buffer | undefined> {
  if (kind === 'sticker' || !info.URL) return undefined;
  const client = new MeowClient(ctx, meowSettingsOf(ctx, channel));
  const answer = await client.call('media', 'POST', `/chat/download${kind}`, downloadAnswerSchema, {
    Url: info.URL,
    DirectPath: info.directPath ?? undefined,
    MediaKey: info.mediaKey,
    Mimetype: info.mimetype,
    FileEncSHA256: info.fileEncSHA256,
    FileSHA256: info.fileSHA256,
    FileLength: info.fileLength === null || info.fileLength === undefined ? undefined : Number(info.fileLength),
  });
  const match = /^data:[^,]*;base64,(.*)$/s.exec(answer?.data.Data ?? '');
  if (!match) throw new AppError('ERR_WAPP_DOWNLOAD_MEDIA', 'WuzAPI answered the download without data.');
  return Buffer.from(match[1], 'base64');
}

/**
 * Who a message goes to (WuzAPI's `Phone`): the group's JID for a group contact (WuzAPI's
 * parseJID takes any JID with '@'), else the number.
 */
export function recipientOf(
  contact: { number: string | null; externalKey: string | null },
  code: 'ERR_WAPP_INVALID_CONTACT' | 'ERR_DELETE_WAPP_MSG',
): { phone: string; group: boolean } {
  const group = groupJidOf(contact);
  if (group) return { phone: group, group: true };
  const number = contact.number?.replace(/\D/g, '');
  if (!number) throw new AppError(code, 'This contact has no WhatsApp number.');
  return { phone: number, group: false };
}
