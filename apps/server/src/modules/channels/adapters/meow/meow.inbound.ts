import type { ChannelStatus } from '@conversa/shared';
import type { AppContext } from '../../../../app-context.js';
import { AppError } from '../../../../platform/http/app-error.js';
import { checkUpload } from '../../../../platform/media/uploads.js';
import { applyProviderStatus } from '../../../messages/use-cases/apply-provider-status.js';
import { ingestInbound, type InboundMedia } from '../../../messages/use-cases/ingest-inbound.js';
import { setChannelStatus, type ChannelRow } from '../../channels.repository.js';
import { MeowClient, meowSettingsOf } from './meow.client.js';
import { downloadAnswerSchema, meowEventSchema, meowMessageEventSchema, meowReceiptEventSchema, type MeowEvent, type MeowMedia, type MeowMessageEvent, type MeowWebhookBody } from './meow.schemas.js';

/** Records a channel's session status and tells the agents (channel.session → 'whatsappSession'). */
export async function setMeowStatus(ctx: AppContext, channel: ChannelRow, status: ChannelStatus, qrcode: string | null = null): Promise<void> {
  await setChannelStatus(ctx.db, channel.tenantId, channel.id, status, { qrcode, retries: 0 });
  ctx.events.publish([{ type: 'channel.session', tenantId: channel.tenantId, channelId: channel.id }]);
}

export type MeowEventOutcome = 'stored' | 'duplicate' | 'blocked' | 'skipped' | 'status' | 'session' | 'ignored';

/** The event of a webhook, from form fields (jsonData) or a JSON body. */
export function meowEventOf(body: MeowWebhookBody): MeowEvent {
  let candidate: unknown = body;
  if (typeof body.jsonData === 'string') {
    try {
      candidate = JSON.parse(body.jsonData);
    } catch {
      throw new AppError('ERR_INVALID_JSON', 'The jsonData field is not JSON.', { jsonData: ['Invalid JSON'] });
    }
  }
  const parsed = meowEventSchema.safeParse(candidate);
  if (!parsed.success) throw new AppError('ERR_VALIDATION', 'Not a WuzAPI event.', { type: ['Required'] });
  return parsed.data;
}

/** The webhook parser: one WuzAPI event of an authenticated channel, handed to the shared pipeline. */
export async function handleMeowEvent(ctx: AppContext, channel: ChannelRow, event: MeowEvent): Promise<MeowEventOutcome> {
  switch (event.type) {
    case 'Message': {
      const parsed = meowMessageEventSchema.safeParse(event.event);
      if (!parsed.success) throw new AppError('ERR_VALIDATION', 'Invalid Message event.', { event: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) });
      return ingestMeowMessage(ctx, channel, event, parsed.data);
    }
    case 'ReadReceipt': {
      const status = event.state === 'Read' ? 'read' : event.state === 'Delivered' ? 'delivered' : undefined;
      if (!status) return 'ignored';
      const parsed = meowReceiptEventSchema.safeParse(event.event);
      if (!parsed.success) throw new AppError('ERR_VALIDATION', 'Invalid ReadReceipt event.');
      for (const externalId of parsed.data.MessageIDs) await applyProviderStatus(ctx, { tenantId: channel.tenantId, channelId: channel.id, externalId, status });
      return 'status';
    }
    case 'Connected':
      await setMeowStatus(ctx, channel, 'connected');
      return 'session';
    case 'QR':
      if (!event.qrCodeBase64) return 'ignored';
      await setMeowStatus(ctx, channel, 'qrcode', event.qrCodeBase64);
      return 'session';
    case 'QRTimeout':
      await setMeowStatus(ctx, channel, 'pairingTimeout');
      return 'session';
    case 'LoggedOut':
      await setMeowStatus(ctx, channel, 'disconnected');
      return 'session';
    default:
      return 'ignored';
  }
}

/** The customer's number: a person's chat JID ('<digits>[.agent:device]@s.whatsapp.net'), the phone JID of a '@lid' chat. */
function customerNumber(info: MeowMessageEvent['Info']): string | undefined {
  for (const jid of [info.Chat, info.SenderAlt ?? '', info.Sender ?? '']) {
    const match = /^(\d{6,20})(?:\.\d+)?(?::\d+)?@s\.whatsapp\.net$/.exec(jid);
    if (match) return match[1];
    if (!jid.endsWith('@lid')) return undefined;
  }
  return undefined;
}

type Kind = 'image' | 'video' | 'audio' | 'document' | 'sticker';

function contentOf(message: NonNullable<MeowMessageEvent['Message']>): { body: string; media?: { kind: Kind; content: MeowMedia } } | undefined {
  if (message.conversation) return { body: message.conversation };
  if (message.extendedTextMessage?.text) return { body: message.extendedTextMessage.text };
  const kinds: [Kind, MeowMedia | null | undefined][] = [
    ['image', message.imageMessage],
    ['video', message.videoMessage],
    ['audio', message.audioMessage],
    ['document', message.documentMessage],
    ['sticker', message.stickerMessage],
  ];
  for (const [kind, content] of kinds) if (content) return { body: content.caption ?? '', media: { kind, content } };
  return undefined;
}

/**
 * Message → the shared inbound pipeline. Skipped (answered, not stored): the phone's own messages
 * (IsFromMe), groups, broadcasts, and kinds Conversa does not show (reactions, protocol messages,
 * polls, locations, contacts).
 */
async function ingestMeowMessage(ctx: AppContext, channel: ChannelRow, event: MeowEvent, data: MeowMessageEvent): Promise<MeowEventOutcome> {
  if (data.Info.IsFromMe || data.Info.IsGroup) return 'skipped';
  const number = customerNumber(data.Info);
  if (!number || !data.Message) return 'skipped';
  const content = contentOf(data.Message);
  if (!content) return 'skipped';

  let media: InboundMedia | undefined;
  let body = content.body;
  if (content.media) {
    const { kind, content: info } = content.media;
    const bytes = event.base64 ? Buffer.from(event.base64, 'base64') : await downloadMedia(ctx, channel, kind, info);
    const declared = (event.mimeType ?? info.mimetype ?? 'application/octet-stream').split(';')[0].trim();
    try {
      const upload = bytes ? await checkUpload(bytes, declared, info.fileName ?? event.fileName ?? `${kind}-${data.Info.ID}`) : undefined;
      if (upload) {
        const key = await ctx.media.save(channel.tenantId, upload.content);
        media = { type: kind === 'sticker' ? 'sticker' : (upload.type as Kind), key, name: upload.name, mime: upload.mime, size: upload.content.length };
      }
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      ctx.logger.warn({ channelId: channel.id, externalId: data.Info.ID, code: error.code }, 'wuzapi media refused');
    }
    if (!media) body = body || `[${kind}]`;
  }

  const timestamp = data.Info.Timestamp ? new Date(data.Info.Timestamp) : undefined;
  const result = await ingestInbound(ctx, {
    tenantId: channel.tenantId,
    channelId: channel.id,
    externalId: data.Info.ID,
    contact: { key: { number }, name: data.Info.PushName?.trim() || number },
    body,
    media,
    quotedExternalId: data.Message.extendedTextMessage?.contextInfo?.stanzaID ?? undefined,
    timestamp: timestamp && !Number.isNaN(timestamp.getTime()) ? timestamp : undefined,
  });
  return result.outcome;
}

/** Media that came without base64: WuzAPI's /chat/download{image,video,audio,document}. Stickers have no download endpoint. */
async function downloadMedia(ctx: AppContext, channel: ChannelRow, kind: Kind, info: MeowMedia): Promise<Buffer | undefined> {
  if (kind === 'sticker' || !info.URL) return undefined;
  const client = new MeowClient(ctx, meowSettingsOf(channel));
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
