import type { AppContext } from '../../../../app-context.js';
import { AppError } from '../../../../platform/http/app-error.js';
import { applyProviderStatus, type ProviderStatus } from '../../../messages/use-cases/apply-provider-status.js';
import { ingestInbound, MAX_INBOUND_BODY, type InboundMedia } from '../../../messages/use-cases/ingest-inbound.js';
import type { ChannelRow } from '../../channels.repository.js';
import { GraphClient } from './waba.client.js';
import { failedStatusCode } from './waba.errors.js';
import {
  mediaUrlResponseSchema,
  webhookMessageSchema,
  webhookStatusSchema,
  type WabaSettings,
  type WebhookMessage,
  type WebhookNotification,
} from './waba.schemas.js';

/** What one notification did; the webhook answers it (Meta ignores the body, tests read it). */
export interface NotificationSummary {
  stored: number;
  duplicates: number;
  statuses: number;
  skipped: { id: string; reason: string }[];
}

/** A media download that may work later (Meta redelivers the notification while we answer non-200). */
export class RetryableInboundError extends Error {}

type MediaType = 'image' | 'audio' | 'video' | 'document' | 'sticker';
const STATUSES: ReadonlySet<string> = new Set<ProviderStatus>(['sent', 'delivered', 'read', 'failed']);

/** The WABA channels a notification may speak for: this one, and same-app numbers of the tenant. */
export interface ChannelTarget {
  channel: ChannelRow;
  settings: WabaSettings;
}

/**
 * Hands a verified notification to the shared pipelines, change by change and in order: messages to
 * ingestInbound (deduplicated by wamid), statuses to applyProviderStatus. A change for another phone
 * number is routed to the tenant's channel of that number (one Meta app has one webhook URL) or skipped.
 */
export async function handleNotification(
  ctx: AppContext,
  notification: WebhookNotification,
  resolve: (phoneNumberId: string | undefined) => ChannelTarget | undefined,
): Promise<NotificationSummary> {
  const summary: NotificationSummary = { stored: 0, duplicates: 0, statuses: 0, skipped: [] };
  if (notification.object !== 'whatsapp_business_account') {
    summary.skipped.push({ id: notification.object, reason: 'not a WhatsApp Business Account notification' });
    return summary;
  }
  let retryLater: RetryableInboundError | undefined;
  for (const entry of notification.entry) {
    for (const change of entry.changes) {
      if (change.field !== 'messages') {
        summary.skipped.push({ id: change.field, reason: `field '${change.field}' is not handled` });
        continue;
      }
      const target = resolve(change.value.metadata?.phone_number_id);
      if (!target) {
        summary.skipped.push({ id: change.value.metadata?.phone_number_id ?? '?', reason: 'phone number of no WABA channel here' });
        continue;
      }
      for (const raw of change.value.messages ?? []) {
        const parsed = webhookMessageSchema.safeParse(raw);
        if (!parsed.success) {
          summary.skipped.push({ id: idOf(raw), reason: 'message of an unexpected shape' });
          continue;
        }
        try {
          await ingestMessage(ctx, target, parsed.data, change.value.contacts ?? [], summary);
        } catch (error) {
          // The other messages of the batch still go in; the webhook then answers non-200 so Meta redelivers.
          if (!(error instanceof RetryableInboundError)) throw error;
          ctx.logger.warn({ err: error, channelId: target.channel.id, wamid: parsed.data.id }, 'WABA inbound media not downloaded yet');
          retryLater = error;
        }
      }
      for (const raw of change.value.statuses ?? []) {
        const parsed = webhookStatusSchema.safeParse(raw);
        if (!parsed.success || !STATUSES.has(parsed.data.status)) {
          summary.skipped.push({ id: idOf(raw), reason: `status not handled` });
          continue;
        }
        const status = parsed.data;
        const error = status.status === 'failed' ? failedStatusCode(status.errors?.[0]?.code) : undefined;
        const result = await applyProviderStatus(ctx, {
          tenantId: target.channel.tenantId,
          channelId: target.channel.id,
          externalId: status.id,
          status: status.status as ProviderStatus,
          error,
          messageId: status.biz_opaque_callback_data,
        });
        if (result === 'unknown') summary.skipped.push({ id: status.id, reason: 'status of a message not sent from here' });
        else summary.statuses++;
      }
    }
  }
  if (retryLater) throw retryLater;
  return summary;
}

function idOf(raw: unknown): string {
  return raw && typeof raw === 'object' && 'id' in raw && typeof raw.id === 'string' ? raw.id : '?';
}

async function ingestMessage(
  ctx: AppContext,
  { channel, settings }: ChannelTarget,
  message: WebhookMessage,
  contacts: { wa_id?: string; profile?: { name?: string } }[],
  summary: NotificationSummary,
): Promise<void> {
  const number = message.from.replace(/\D/g, '');
  if (!number) {
    summary.skipped.push({ id: message.id, reason: 'sender without a WhatsApp id' });
    return;
  }
  const content = await contentOf(ctx, channel, settings, message);
  if ('skip' in content) {
    summary.skipped.push({ id: message.id, reason: content.skip });
    return;
  }
  const profile = contacts.find((c) => c.wa_id?.replace(/\D/g, '') === number) ?? contacts[0];
  const name = profile?.profile?.name?.trim().slice(0, 200) || `+${number}`;
  const result = await ingestInbound(ctx, {
    tenantId: channel.tenantId,
    channelId: channel.id,
    externalId: message.id,
    contact: { key: { number }, name },
    body: content.body.slice(0, MAX_INBOUND_BODY),
    media: content.media,
    quotedExternalId: message.context?.id,
    timestamp: message.timestamp ? new Date(Number(message.timestamp) * 1000) : undefined,
  });
  if (result.outcome === 'duplicate') summary.duplicates++;
  else summary.stored++;
}

type Content = { body: string; media?: InboundMedia } | { skip: string };

/**
 * The message as the inbox stores it. Reactions are stored as a message ('👍 (reaction)') so
 * agents see them; a removed reaction (empty emoji) is skipped. Types the inbox cannot show are
 * stored as a short note rather than lost.
 */
async function contentOf(ctx: AppContext, channel: ChannelRow, settings: WabaSettings, message: WebhookMessage): Promise<Content> {
  switch (message.type) {
    case 'text':
      return { body: message.text?.body ?? '' };
    case 'image':
    case 'audio':
    case 'video':
    case 'document':
    case 'sticker':
      return mediaContent(ctx, channel, settings, message, message.type);
    case 'location': {
      const place = message.location;
      if (!place) return { skip: 'location without coordinates' };
      const lines = [
        `📍 ${place.name ?? 'Location'}`,
        place.address,
        `https://maps.google.com/maps?q=${place.latitude},${place.longitude}`,
      ];
      return { body: lines.filter(Boolean).join('\n') };
    }
    case 'contacts': {
      const cards = (message.contacts ?? []).map((card) => {
        const name = card.name?.formatted_name ?? ([card.name?.first_name, card.name?.last_name].filter(Boolean).join(' ') || 'Contact');
        const phones = (card.phones ?? []).map((p) => p.phone ?? (p.wa_id ? `+${p.wa_id}` : '')).filter(Boolean);
        return `👤 ${name}${phones.length ? `: ${phones.join(', ')}` : ''}`;
      });
      return cards.length ? { body: cards.join('\n') } : { skip: 'contacts message without contacts' };
    }
    case 'interactive': {
      const reply = message.interactive?.button_reply ?? message.interactive?.list_reply;
      return reply ? { body: reply.title } : { skip: `interactive ${message.interactive?.type ?? ''} not handled` };
    }
    case 'button':
      return { body: message.button?.text ?? message.button?.payload ?? '' };
    case 'reaction': {
      const emoji = message.reaction?.emoji;
      return emoji ? { body: `${emoji} (reaction)` } : { skip: 'reaction removed' };
    }
    case 'system':
      return { skip: 'system notice' };
    default: {
      const title = message.errors?.[0]?.title;
      return { body: `[WhatsApp message of type '${message.type}' is not supported${title ? `: ${title}` : ''}]` };
    }
  }
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/amr': 'amr',
  'video/mp4': 'mp4',
  'video/3gpp': '3gp',
  'application/pdf': 'pdf',
};

/** 'audio/ogg; codecs=opus' → 'audio/ogg'; anything odd → application/octet-stream. */
function cleanMime(mime: string | undefined): string {
  const base = (mime ?? '').split(';')[0].trim().toLowerCase();
  return /^[a-z0-9.+-]+\/[a-z0-9.+-]+$/.test(base) && base.length <= 100 ? base : 'application/octet-stream';
}

/**
 * Downloads the file (GET /{media-id} → its URL, then GET the URL with the token) and stores it.
 * A transient failure is retried by Meta's redelivery; a permanent one (the media expired or was
 * deleted) stores the message with a note instead of the file.
 */
async function mediaContent(
  ctx: AppContext,
  channel: ChannelRow,
  settings: WabaSettings,
  message: WebhookMessage,
  type: MediaType,
): Promise<Content> {
  const object = message[type];
  if (!object) return { skip: `${type} without media` };
  const caption = object.caption ?? '';
  const graph = new GraphClient(ctx, settings);
  let content: Buffer;
  let mime: string;
  try {
    const info = await graph.call(
      'media URL',
      'GET',
      `${encodeURIComponent(object.id)}?phone_number_id=${settings.phoneNumberId}`,
      mediaUrlResponseSchema,
    );
    content = await graph.download(info.url);
    mime = cleanMime(info.mime_type ?? object.mime_type);
  } catch (error) {
    // Network, 5xx, throttling, or credentials an admin can fix: Meta's redelivery tries again.
    const httpStatus = error instanceof AppError ? error.details?.httpStatus : undefined;
    if (!(error instanceof AppError) || httpStatus === 401 || httpStatus === 403)
      throw new RetryableInboundError((error as Error).message, { cause: error });
    ctx.logger.warn({ err: error, channelId: channel.id, wamid: message.id }, 'WABA inbound media could not be downloaded');
    return { body: [caption, `[${type} could not be downloaded: ${error.message}]`].filter(Boolean).join('\n') };
  }
  const key = await ctx.media.save(channel.tenantId, content);
  const given = object.filename
    ?.replace(/[\\/\0]/g, '_')
    .trim()
    .slice(0, 200);
  const name = given || `${type}-${message.id.replace(/[^A-Za-z0-9]/g, '').slice(-12)}.${EXTENSIONS[mime] ?? 'bin'}`;
  return { body: caption, media: { type, key, name, mime, size: content.length } };
}
