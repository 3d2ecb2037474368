import type { ChannelStatus } from '@conversa/shared';
import type { AppContext } from '../../../../app-context.js';
import { AppError } from '../../../../platform/http/app-error.js';
import { checkUpload } from '../../../../platform/media/uploads.js';
import { applyProviderStatus, type ProviderStatus } from '../../../messages/use-cases/apply-provider-status.js';
import { ingestInbound, type InboundMedia } from '../../../messages/use-cases/ingest-inbound.js';
import { setChannelStatus, type ChannelRow } from '../../channels.repository.js';
import { EvolutionClient, evolutionSettingsOf, instanceNameOf } from './evolution.client.js';
import {
  base64AnswerSchema,
  evolutionConnectionUpdateSchema,
  evolutionMessageSchema,
  evolutionMessageUpdateSchema,
  evolutionQrcodeUpdateSchema,
  type EvolutionMessage,
  type EvolutionWebhookBody,
} from './evolution.schemas.js';

/** Records a channel's session status and tells the agents (channel.session → 'whatsappSession'). */
export async function setEvolutionStatus(ctx: AppContext, channel: ChannelRow, status: ChannelStatus, qrcode: string | null = null): Promise<void> {
  await setChannelStatus(ctx.db, channel.tenantId, channel.id, status, { qrcode, retries: 0 });
  ctx.events.publish([{ type: 'channel.session', tenantId: channel.tenantId, channelId: channel.id }]);
}

/** Evolution's MESSAGES_UPDATE statuses (baileys' WAMessageStatus names) as provider statuses. */
const ACKS: Record<string, ProviderStatus> = {
  SERVER_ACK: 'sent',
  DELIVERY_ACK: 'delivered',
  READ: 'read',
  PLAYED: 'read',
  ERROR: 'failed',
};

/** CONNECTION_UPDATE states as channel statuses (SPEC §4). */
const CONNECTION: Record<string, ChannelStatus> = { open: 'connected', connecting: 'opening', close: 'disconnected', refused: 'pairingTimeout' };

export type EvolutionEventOutcome = 'stored' | 'duplicate' | 'blocked' | 'skipped' | 'status' | 'session' | 'ignored';

/**
 * The webhook parser: one Evolution event of an authenticated channel, handed to the shared
 * pipeline (ingestInbound, applyProviderStatus) or recorded as the session's status.
 */
export async function handleEvolutionEvent(ctx: AppContext, channel: ChannelRow, body: EvolutionWebhookBody): Promise<EvolutionEventOutcome> {
  const settings = evolutionSettingsOf(channel);
  // Another instance's event (a shared server's global webhook): not ours to store.
  if (body.instance !== undefined && body.instance !== instanceNameOf(channel, settings)) return 'ignored';
  const event = body.event.replace(/[_-]/g, '.').toLowerCase();
  const items = Array.isArray(body.data) ? body.data : [body.data];

  switch (event) {
    case 'messages.upsert': {
      let outcome: EvolutionEventOutcome = 'skipped';
      for (const item of items) {
        const parsed = evolutionMessageSchema.safeParse(item);
        if (!parsed.success) throw new AppError('ERR_VALIDATION', 'Invalid MESSAGES_UPSERT payload.', { data: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) });
        outcome = await ingestEvolutionMessage(ctx, channel, parsed.data);
      }
      return outcome;
    }
    case 'messages.update': {
      for (const item of items) {
        const parsed = evolutionMessageUpdateSchema.safeParse(item);
        if (!parsed.success) throw new AppError('ERR_VALIDATION', 'Invalid MESSAGES_UPDATE payload.');
        const externalId = parsed.data.keyId ?? parsed.data.key?.id ?? parsed.data.id;
        const status = ACKS[parsed.data.status ?? ''];
        if (!externalId || !status) continue;
        await applyProviderStatus(ctx, { tenantId: channel.tenantId, channelId: channel.id, externalId, status });
      }
      return 'status';
    }
    case 'connection.update': {
      const parsed = evolutionConnectionUpdateSchema.safeParse(items[0]);
      if (!parsed.success) throw new AppError('ERR_VALIDATION', 'Invalid CONNECTION_UPDATE payload.');
      const status = CONNECTION[parsed.data.state];
      if (!status) return 'ignored';
      // While connecting the QR code stays on screen; any other state clears it.
      await setEvolutionStatus(ctx, channel, status === 'opening' && channel.qrcode ? 'qrcode' : status, status === 'opening' ? channel.qrcode : null);
      return 'session';
    }
    case 'qrcode.updated': {
      const parsed = evolutionQrcodeUpdateSchema.safeParse(items[0]);
      if (!parsed.success) throw new AppError('ERR_VALIDATION', 'Invalid QRCODE_UPDATED payload.');
      const qr = parsed.data.qrcode;
      if (!qr) {
        // "QR code limit reached, please login again": nobody scanned in time.
        await setEvolutionStatus(ctx, channel, 'pairingTimeout');
        return 'session';
      }
      const shown = qr.base64 ?? qr.pairingCode ?? null;
      if (!shown) return 'ignored';
      await setEvolutionStatus(ctx, channel, 'qrcode', shown);
      return 'session';
    }
    default:
      return 'ignored';
  }
}

/** The customer's number from a chat JID; undefined for groups, broadcasts and other non-person chats. */
function customerNumber(message: EvolutionMessage): string | undefined {
  const { remoteJid, remoteJidAlt } = message.key;
  const jid = remoteJid.endsWith('@lid') && remoteJidAlt ? remoteJidAlt : remoteJid;
  const match = /^(\d{6,20})(?::\d+)?@s\.whatsapp\.net$/.exec(jid);
  return match?.[1];
}

function timestampOf(value: EvolutionMessage['messageTimestamp']): Date | undefined {
  const seconds = typeof value === 'object' && value !== null ? value.low : Number(value);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : undefined;
}

type MediaKind = InboundMedia['type'];

/** The text and the media part of a WhatsApp message as Evolution forwards it. */
function contentOf(message: NonNullable<EvolutionMessage['message']>): { body: string; media?: { kind: MediaKind; mimetype?: string; fileName?: string | null } } | undefined {
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
  return undefined;
}

/**
 * MESSAGES_UPSERT → the shared inbound pipeline. Skipped (answered, not stored): messages the
 * connected phone sent itself (fromMe: agents' replies already exist, and replies typed on the
 * phone are not imported), groups ('@g.us'), broadcasts and statuses, and kinds Conversa does not
 * show (reactions, protocol messages, polls, locations, contacts).
 */
async function ingestEvolutionMessage(ctx: AppContext, channel: ChannelRow, data: EvolutionMessage): Promise<EvolutionEventOutcome> {
  if (data.key.fromMe) return 'skipped';
  const number = customerNumber(data);
  if (!number || !data.message) return 'skipped';
  const content = contentOf(data.message);
  if (!content) return 'skipped';

  let media: InboundMedia | undefined;
  let body = content.body;
  if (content.media) {
    const base64 = data.message.base64 ?? (await fetchMediaBase64(ctx, channel, data));
    const declared = content.media.mimetype?.split(';')[0]?.trim() ?? 'application/octet-stream';
    const name = content.media.fileName ?? `${content.media.kind}-${data.key.id}`;
    try {
      const upload = await checkUpload(Buffer.from(base64, 'base64'), declared, name);
      const key = await ctx.media.save(channel.tenantId, upload.content);
      media = { type: content.media.kind === 'sticker' ? 'sticker' : (upload.type as MediaKind), key, name: upload.name, mime: upload.mime, size: upload.content.length };
    } catch (error) {
      // A file type Conversa refuses (or too large): the message is kept, saying what it was.
      if (!(error instanceof AppError)) throw error;
      ctx.logger.warn({ channelId: channel.id, externalId: data.key.id, code: error.code }, 'evolution media refused');
      body = body || `[${content.media.kind}]`;
    }
  }

  const result = await ingestInbound(ctx, {
    tenantId: channel.tenantId,
    channelId: channel.id,
    externalId: data.key.id,
    contact: { key: { number }, name: data.pushName?.trim() || number },
    body,
    media,
    quotedExternalId: data.contextInfo?.stanzaId ?? undefined,
    timestamp: timestampOf(data.messageTimestamp),
  });
  return result.outcome;
}

/** The media of a message whose webhook came without base64 (POST /chat/getBase64FromMediaMessage). */
async function fetchMediaBase64(ctx: AppContext, channel: ChannelRow, data: EvolutionMessage): Promise<string> {
  const settings = evolutionSettingsOf(channel);
  const client = new EvolutionClient(ctx, settings);
  const answer = await client.call('media', 'POST', `/chat/getBase64FromMediaMessage/${encodeURIComponent(instanceNameOf(channel, settings))}`, base64AnswerSchema, {
    message: { key: { id: data.key.id } },
    convertToMp4: false,
  });
  if (!answer) throw new AppError('ERR_WAPP_DOWNLOAD_MEDIA');
  return answer.base64;
}
