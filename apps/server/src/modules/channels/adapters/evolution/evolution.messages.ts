import type { AppContext } from '../../../../app-context.js';
import { saveInboundFile, unkeptFileNote, withNote } from '../../../messages/inbound-file.js';
import { AppError } from '../../../../platform/http/app-error.js';
import { MAX_INBOUND_BODY, type InboundMedia, type InboundMessage } from '../../../messages/use-cases/ingest-inbound.js';
import type { ChannelRow } from '../../channels.repository.js';
import { fallbackGroupName, groupContactKey, groupJidOf, groupSubjectOf, isGroupJid } from '../whatsapp-groups.js';
import { EvolutionClient, evolutionSettingsOf, EvolutionUnavailableError, instanceNameOf } from './evolution.client.js';
import { base64AnswerSchema, groupInfoAnswerSchema, type EvolutionMessage } from './evolution.schemas.js';

/**
 * What live (MESSAGES_UPSERT) and history (MESSAGES_SET) messages share: both carry the object
 * Evolution's prepareMessage builds from a Baileys WAMessage ({ key, pushName, message,
 * messageType, messageTimestamp, … }), so they are read the same way here.
 */

type EvolutionContent = NonNullable<EvolutionMessage['message']>;
type MediaKind = Exclude<InboundMedia['type'], 'location' | 'contact'>;

export interface MessageContent {
  body: string;
  media?: { kind: MediaKind; mimetype?: string; fileName?: string | null };
}

const PHONE_JID = /^(\d{6,20})(?::\d+)?@s\.whatsapp\.net$/;

/** The number of a person's JID ('5511…@s.whatsapp.net'); undefined for '@lid', groups, broadcasts. */
function numberOfJid(jid: string | null | undefined): string | undefined {
  return PHONE_JID.exec(jid ?? '')?.[1];
}

/** The customer's number of a one-to-one chat ('@lid' chats through remoteJidAlt when Evolution knows it). */
export function customerNumber(message: EvolutionMessage): string | undefined {
  const { remoteJid, remoteJidAlt } = message.key;
  return numberOfJid(remoteJid.endsWith('@lid') && remoteJidAlt ? remoteJidAlt : remoteJid);
}

export function timestampOf(value: EvolutionMessage['messageTimestamp']): Date | undefined {
  const seconds = typeof value === 'object' && value !== null ? value.low : Number(value);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : undefined;
}

/** 'BEGIN:VCARD … TEL;waid=5511…:+55 11 …' → the phone numbers of a contact card. */
function phonesOfVcard(vcard: string | null | undefined): string[] {
  return [...(vcard ?? '').matchAll(/^TEL[^:]*:(.+)$/gim)].map((m) => m[1].trim()).filter(Boolean);
}

function contactLine(card: { displayName?: string | null; vcard?: string | null }): string {
  const phones = phonesOfVcard(card.vcard);
  return `👤 ${card.displayName?.trim() || 'Contact'}${phones.length ? `: ${phones.join(', ')}` : ''}`;
}

/**
 * The text and the media part of a message, in Conversa's terms; undefined for kinds Conversa
 * does not show (reactions, protocol messages, polls, …). Evolution already turns
 * extendedTextMessage into `conversation` and unwraps documentWithCaptionMessage; both shapes are read.
 */
export function contentOf(message: EvolutionContent): MessageContent | undefined {
  if (message.conversation) return { body: message.conversation };
  if (message.extendedTextMessage?.text) return { body: message.extendedTextMessage.text };
  const document = message.documentMessage ?? message.documentWithCaptionMessage?.message?.documentMessage;
  const kinds: [MediaKind, typeof message.imageMessage][] = [
    ['image', message.imageMessage],
    ['video', message.videoMessage],
    ['audio', message.audioMessage],
    ['document', document],
    ['sticker', message.stickerMessage],
  ];
  for (const [kind, content] of kinds) {
    if (content) return { body: content.caption ?? '', media: { kind, mimetype: content.mimetype, fileName: content.fileName } };
  }
  const place = message.locationMessage ?? message.liveLocationMessage;
  if (place && typeof place.degreesLatitude === 'number' && typeof place.degreesLongitude === 'number') {
    const lines = [
      `📍 ${place.name?.trim() || 'Location'}`,
      place.address?.trim(),
      `https://maps.google.com/maps?q=${place.degreesLatitude},${place.degreesLongitude}`,
    ];
    return { body: lines.filter(Boolean).join('\n') };
  }
  if (message.contactMessage) return { body: contactLine(message.contactMessage) };
  const cards = message.contactsArrayMessage?.contacts ?? [];
  if (cards.length) return { body: cards.map(contactLine).join('\n') };
  return undefined;
}

/** Where a message belongs: the customer's one-to-one chat, or (when the channel takes them) a group. */
export interface EvolutionChat {
  /** The chat's identity: the customer's number or the group's JID. */
  id: string;
  contact: InboundMessage['contact'];
  /** In a group, the participant who wrote (not for the phone's own messages). */
  senderName?: string;
}

/**
 * The contact of a message's chat. The phone's own messages (fromMe) name no one: their pushName
 * is the account's own name (or Evolution's 'Você'). A group's name is its subject (Evolution's
 * group info endpoint), else fallbackGroupName; the writer is their pushName, else their number.
 */
export async function chatOf(
  ctx: AppContext,
  channel: ChannelRow,
  message: EvolutionMessage,
  groups: boolean,
): Promise<EvolutionChat | undefined> {
  const fromMe = message.key.fromMe === true;
  const pushName = fromMe ? undefined : message.pushName?.trim().slice(0, 200) || undefined;
  const jid = message.key.remoteJid;
  if (isGroupJid(jid)) {
    if (!groups) return undefined;
    const subject = await groupSubject(ctx, channel, jid);
    const participant = numberOfJid(message.key.participantAlt) ?? numberOfJid(message.key.participant);
    return {
      id: jid,
      contact: { key: groupContactKey(jid), name: subject?.trim().slice(0, 200) || fallbackGroupName(jid), isGroup: true },
      senderName: fromMe ? undefined : pushName || participant || 'Participant',
    };
  }
  const number = customerNumber(message);
  return number ? { id: number, contact: { key: { number }, name: pushName || number } } : undefined;
}

/** A group's subject from GET /group/findGroupInfos/{instance}?groupJid=…; undefined when Evolution does not say. */
function groupSubject(ctx: AppContext, channel: ChannelRow, jid: string): Promise<string | undefined> {
  return groupSubjectOf(ctx, channel.id, jid, async () => {
    const settings = evolutionSettingsOf(ctx, channel);
    const instance = encodeURIComponent(instanceNameOf(channel, settings));
    const answer = await new EvolutionClient(ctx, settings).call(
      'session',
      'GET',
      `/group/findGroupInfos/${instance}?groupJid=${encodeURIComponent(jid)}`,
      groupInfoAnswerSchema,
    );
    return answer?.subject;
  });
}

/**
 * A message's text and file. The file comes inline (webhook base64, live messages only) or from
 * POST /chat/getBase64FromMediaMessage, given the whole message so that Evolution needs no copy
 * of it in its own database (history messages are stored there only with SAVE_DATA_HISTORIC).
 * A file that cannot be kept is said in the text. Evolution being unavailable fails a live
 * message (the webhook answers 503 and the event comes again); a history message keeps the note.
 */
export async function bodyAndMediaOf(
  ctx: AppContext,
  channel: ChannelRow,
  data: EvolutionMessage,
  content: MessageContent,
  mode: 'live' | 'history',
): Promise<{ body: string; media?: InboundMedia }> {
  if (!content.media) return { body: content.body.slice(0, MAX_INBOUND_BODY) };
  const { kind } = content.media;
  const declared = content.media.mimetype?.split(';')[0]?.trim() || 'application/octet-stream';
  const name = content.media.fileName?.trim() || `${kind}-${data.key.id.replace(/[^A-Za-z0-9]/g, '').slice(-12)}`;
  try {
    let base64 = mode === 'live' ? data.message?.base64 : undefined;
    try {
      base64 ??= await fetchMediaBase64(ctx, channel, data);
    } catch (error) {
      if (error instanceof EvolutionUnavailableError && mode === 'live') throw error;
      if (!(error instanceof AppError || error instanceof EvolutionUnavailableError)) throw error;
      throw new AppError('ERR_WAPP_DOWNLOAD_MEDIA', error.message);
    }
    const media = await saveInboundFile(ctx, channel.tenantId, Buffer.from(base64, 'base64'), { mime: declared, name, kind });
    return { body: content.body.slice(0, MAX_INBOUND_BODY), media };
  } catch (error) {
    // A file type Conversa refuses, too large, or gone from WhatsApp: the message is kept, saying what it was.
    if (!(error instanceof AppError)) throw error;
    ctx.logger.warn(
      { channelId: channel.id, externalId: data.key.id, code: error.code, reason: error.message },
      'evolution media not stored',
    );
    return { body: withNote(content.body, unkeptFileNote(error, kind, name)) };
  }
}

async function fetchMediaBase64(ctx: AppContext, channel: ChannelRow, data: EvolutionMessage): Promise<string> {
  const settings = evolutionSettingsOf(ctx, channel);
  const client = new EvolutionClient(ctx, settings);
  // The message without the inline copy of the file (if any): Evolution downloads it from WhatsApp.
  const { base64: _inline, ...message } = data.message ?? {};
  const answer = await client.call(
    'media',
    'POST',
    `/chat/getBase64FromMediaMessage/${encodeURIComponent(instanceNameOf(channel, settings))}`,
    base64AnswerSchema,
    {
      message: { key: data.key, message },
      convertToMp4: false,
    },
  );
  if (!answer) throw new AppError('ERR_WAPP_DOWNLOAD_MEDIA');
  return answer.base64;
}

/** Who a reply goes to: the group's JID for a group contact (Evolution's `number` takes it), else the number. */
export function recipientOf(
  contact: { number: string | null; externalKey: string | null },
  code: 'ERR_WAPP_INVALID_CONTACT' | 'ERR_SENDING_WAPP_MSG' | 'ERR_DELETE_WAPP_MSG',
): { number: string; remoteJid: string } {
  const group = groupJidOf(contact);
  if (group) return { number: group, remoteJid: group };
  const number = contact.number?.replace(/\D/g, '');
  if (!number) throw new AppError(code, 'This contact has no WhatsApp number.');
  return { number, remoteJid: `${number}@s.whatsapp.net` };
}
