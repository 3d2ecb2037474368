import type { AppContext } from '../../../../app-context.js';
import { saveInboundFile, unkeptFileNote } from '../../../messages/inbound-file.js';
import { AppError } from '../../../../platform/http/app-error.js';
import { messageExists } from '../../../messages/use-cases/message-exists.js';
import { applyProviderEdit } from '../../../messages/use-cases/apply-provider-edit.js';
import { ingestInbound, type InboundMedia, type IngestResult } from '../../../messages/use-cases/ingest-inbound.js';
import type { ChannelRow } from '../../channels.repository.js';
import { downloadFile } from './telegram.client.js';
import { TELEGRAM_LIMITS, type TelegramMessage, type TelegramSettings, type TelegramUpdate } from './telegram.schemas.js';

/** Contacts of Telegram chats are known by this key (contacts.external_key). */
export const telegramContactKey = (chatId: number | string) => `telegram:${chatId}`;
export const chatIdOfContactKey = (key: string | null): string | undefined =>
  key && /^telegram:-?\d{1,20}$/.test(key) ? key.slice('telegram:'.length) : undefined;

/** A message is `<chat id>:<message id>` (message ids are unique only within a chat). */
export const telegramExternalId = (chatId: number | string, messageId: number) => `${chatId}:${messageId}`;
export function parseTelegramExternalId(externalId: string | null): { chatId: string; messageId: number } | undefined {
  const match = externalId ? /^(-?\d{1,20}):(\d{1,12})$/.exec(externalId) : null;
  return match ? { chatId: match[1], messageId: Number(match[2]) } : undefined;
}

function contactName(message: TelegramMessage): string {
  const { chat } = message;
  if (chat.type !== 'private' && chat.title) return chat.title;
  const person = chat.type === 'private' ? chat : (message.from ?? chat);
  const full = [person.first_name, person.last_name].filter(Boolean).join(' ').trim();
  return (full || (person.username ? `@${person.username}` : '') || `Telegram ${chat.id}`).slice(0, 200);
}

/** A location as text: the coordinates and a map link (the inbox shows links). */
export function locationBody(latitude: number, longitude: number): string {
  return `📍 ${latitude},${longitude}\nhttps://www.google.com/maps?q=${latitude},${longitude}`;
}

interface FileRef {
  fileId: string;
  type: InboundMedia['type'];
  name?: string;
  mime?: string;
  size?: number;
}

function fileOf(message: TelegramMessage): FileRef | undefined {
  if (message.photo?.length) {
    // Sizes of one photo, smallest first: take the largest.
    const largest = [...message.photo]
      .sort((a, b) => a.width * a.height - b.width * b.height || (a.file_size ?? 0) - (b.file_size ?? 0))
      .pop()!;
    return { fileId: largest.file_id, type: 'image', mime: 'image/jpeg', size: largest.file_size };
  }
  if (message.document)
    return {
      fileId: message.document.file_id,
      type: 'document',
      name: message.document.file_name,
      mime: message.document.mime_type,
      size: message.document.file_size,
    };
  if (message.voice)
    return {
      fileId: message.voice.file_id,
      type: 'audio',
      name: 'voice.ogg',
      mime: message.voice.mime_type ?? 'audio/ogg',
      size: message.voice.file_size,
    };
  if (message.audio)
    return {
      fileId: message.audio.file_id,
      type: 'audio',
      name: message.audio.file_name,
      mime: message.audio.mime_type,
      size: message.audio.file_size,
    };
  if (message.video)
    return {
      fileId: message.video.file_id,
      type: 'video',
      name: message.video.file_name,
      mime: message.video.mime_type,
      size: message.video.file_size,
    };
  return undefined;
}

/** Downloads and stores a file; a type we do not accept becomes a note in the body instead. */
async function storeFile(
  ctx: AppContext,
  channel: ChannelRow,
  settings: TelegramSettings,
  ref: FileRef,
): Promise<{ media?: InboundMedia; note?: string }> {
  // Bots cannot download files over 20 MB: the message is kept with a note (a retry cannot help).
  if ((ref.size ?? 0) > TELEGRAM_LIMITS.downloadBytes)
    return { note: `[${ref.name ?? 'file'}: larger than Telegram lets bots download (20 MB)]` };
  const { content, path } = await downloadFile(ctx, settings, ref.fileId);
  const name = ref.name ?? path.split('/').pop() ?? 'file';
  try {
    const media = await saveInboundFile(ctx, channel.tenantId, content, {
      mime: ref.mime ?? 'application/octet-stream',
      name,
      kind: ref.type,
      keep: ['document'],
      maxBytes: TELEGRAM_LIMITS.downloadBytes,
    });
    return { media };
  } catch (error) {
    if (
      error instanceof AppError &&
      (error.code === 'ERR_UNSUPPORTED_MEDIA_TYPE' || error.code === 'ERR_PAYLOAD_TOO_LARGE' || error.code === 'ERR_VALIDATION')
    ) {
      return { note: unkeptFileNote(error, ref.type, name) };
    }
    throw error;
  }
}

/** The text an edited message now has, as a new one would be stored (text, caption or location). */
function editedBody(message: TelegramMessage): string {
  if (message.location) return locationBody(message.location.latitude, message.location.longitude);
  return message.text ?? message.caption ?? '';
}

/**
 * One Update into the shared inbound pipeline. A new message is ingested; an edited_message (or
 * edited_channel_post) replaces the text of the stored message it names through the shared
 * provider-edit path (marked edited, agents told); an edit of a message never stored is
 * acknowledged and left alone, and a replaced file is not downloaded again (only the text changes).
 * Message kinds without text or a supported file (stickers, polls…) are acknowledged and skipped.
 */
export async function ingestTelegramUpdate(
  ctx: AppContext,
  channel: ChannelRow,
  settings: TelegramSettings,
  update: TelegramUpdate,
): Promise<IngestResult | { outcome: 'edit'; applied: 'applied' | 'unchanged' | 'unknown' } | undefined> {
  const edit = update.edited_message ?? update.edited_channel_post;
  if (edit) {
    const applied = await applyProviderEdit(ctx, {
      tenantId: channel.tenantId,
      channelId: channel.id,
      externalId: telegramExternalId(edit.chat.id, edit.message_id),
      body: editedBody(edit),
    });
    return { outcome: 'edit', applied };
  }
  const message = update.message;
  if (!message) return undefined;
  const externalId = telegramExternalId(message.chat.id, message.message_id);
  // A redelivery: answer at once, without downloading the file again.
  if (await messageExists(ctx.db, channel.id, externalId)) return { outcome: 'duplicate' };

  let body = message.text ?? message.caption ?? '';
  let media: InboundMedia | undefined;
  if (message.location) body = locationBody(message.location.latitude, message.location.longitude);
  const ref = fileOf(message);
  if (ref) {
    const stored = await storeFile(ctx, channel, settings, ref);
    media = stored.media;
    if (stored.note) body = body ? `${body}\n${stored.note}` : stored.note;
  }
  if (!body && !media) return undefined;

  return ingestInbound(ctx, {
    tenantId: channel.tenantId,
    channelId: channel.id,
    externalId,
    contact: { key: { externalKey: telegramContactKey(message.chat.id) }, name: contactName(message) },
    body,
    media,
    quotedExternalId: message.reply_to_message ? telegramExternalId(message.chat.id, message.reply_to_message.message_id) : undefined,
    timestamp: new Date(message.date * 1000),
  });
}
