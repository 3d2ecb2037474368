import type { AppContext } from '../../../../app-context.js';
import { AppError } from '../../../../platform/http/app-error.js';
import { checkUpload } from '../../../../platform/media/uploads.js';
import { applyProviderStatus, type ProviderStatus } from '../../../messages/use-cases/apply-provider-status.js';
import { ingestInbound, type InboundMedia, type InboundMessage } from '../../../messages/use-cases/ingest-inbound.js';
import type { ChannelRow } from '../../channels.repository.js';
import { HubUnavailableError, hubSettingsOf } from './hub.client.js';
import type { HubChannelKind, HubContent, HubWebhookBody } from './hub.schemas.js';

export type HubEventOutcome = 'stored' | 'duplicate' | 'blocked' | 'skipped' | 'status' | 'ignored';

/** The largest inbound file fetched from NotificaMe's file URL. */
const MAX_INBOUND_FILE = 64 * 1024 * 1024;

/** Zenvia's message status codes (spec/tags/subscriptions.md) → Conversa's acks; the rest is ignored. */
const STATUSES: Record<string, ProviderStatus> = {
  SENT: 'sent',
  DELIVERED: 'delivered',
  READ: 'read',
  REJECTED: 'failed',
  NOT_DELIVERED: 'failed',
};

/**
 * How a hub customer is keyed (SPEC §3 Contact: messengerId, instagramPK, hub WhatsApp id): a
 * WhatsApp sender by its phone number (so the person is one contact across WhatsApp channels),
 * an Instagram or Messenger sender by `hub:<kind>:<id>`; the id is also recorded in its column.
 */
export function hubContactKey(kind: HubChannelKind, from: string): Pick<InboundMessage['contact'], 'key' | 'ids'> {
  if (kind === 'whatsapp') {
    const digits = from.replace(/^\+/, '');
    return { key: /^\d{6,20}$/.test(digits) ? { number: digits } : { externalKey: `hub:whatsapp:${from}` }, ids: { hubWhatsappId: from } };
  }
  return { key: { externalKey: `hub:${kind}:${from}` }, ids: kind === 'instagram' ? { instagramPk: from } : { messengerId: from } };
}

/** The webhook parser: one NotificaMe event of an authenticated channel, handed to the shared pipeline. */
export async function handleHubEvent(ctx: AppContext, channel: ChannelRow, event: HubWebhookBody): Promise<HubEventOutcome> {
  if (event.type === 'MESSAGE_STATUS') {
    const status = STATUSES[event.messageStatus?.code ?? ''];
    if (!status || !event.messageId) return 'ignored';
    await applyProviderStatus(ctx, {
      tenantId: channel.tenantId,
      channelId: channel.id,
      externalId: event.messageId,
      status,
      ...(status === 'failed' ? { error: 'ERR_SENDING_WAPP_MSG' } : {}),
    });
    return 'status';
  }
  if (event.type !== 'MESSAGE') return 'ignored';
  const message = event.message;
  if (!message) throw new AppError('ERR_VALIDATION', 'A MESSAGE event without its message.', { message: ['Required'] });
  // Conversa's own sends come back as OUT messages: only the customer's are stored.
  if ((message.direction ?? event.direction) !== 'IN') return 'skipped';
  const kind = hubSettingsOf(ctx, channel).hubChannelType;

  const text = message.contents.find((c) => c.type === 'text' && c.text)?.text ?? '';
  const file = message.contents.find((c) => c.type === 'file' && c.fileUrl);
  let body = text || file?.fileCaption || '';
  let media: InboundMedia | undefined;
  if (file) {
    media = await downloadFile(ctx, channel, message.id, file);
    if (!media) body = body || '[file]';
  }
  if (!body && !media) return 'skipped';

  const visitor = message.visitor;
  const name = visitor?.name?.trim() || [visitor?.firstName, visitor?.lastName].filter(Boolean).join(' ').trim() || message.from;
  const at = message.timestamp ?? event.timestamp;
  const timestamp = at ? new Date(at) : undefined;
  const result = await ingestInbound(ctx, {
    tenantId: channel.tenantId,
    channelId: channel.id,
    externalId: message.id,
    contact: { ...hubContactKey(kind, message.from), name },
    body,
    media,
    timestamp: timestamp && !Number.isNaN(timestamp.getTime()) ? timestamp : undefined,
  });
  return result.outcome;
}

/**
 * A file content: fetched from its URL (NotificaMe hosts it) through the SSRF-safe outbound HTTP.
 * Unreachable or 5xx: HubUnavailableError (the route asks for the delivery again); gone (4xx) or
 * refused by the upload checks: stored without it.
 */
async function downloadFile(ctx: AppContext, channel: ChannelRow, externalId: string, file: HubContent): Promise<InboundMedia | undefined> {
  let response;
  try {
    response = await ctx.http(file.fileUrl!, { method: 'GET' });
  } catch (error) {
    // A URL on a private address is never fetched: stored without the file.
    if ((error as Error).name === 'OutboundBlockedError') {
      ctx.logger.warn({ channelId: channel.id, externalId }, 'hub file URL refused');
      return undefined;
    }
    throw new HubUnavailableError(0, (error as Error).message);
  }
  if (response.status >= 500 || response.status === 429) throw new HubUnavailableError(response.status, 'file download');
  if (response.status < 200 || response.status >= 300) {
    ctx.logger.warn({ channelId: channel.id, externalId, status: response.status }, 'hub file not downloaded');
    return undefined;
  }
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.length > MAX_INBOUND_FILE) return undefined;
  const declared = (file.fileMimeType ?? response.headers.get('content-type') ?? 'application/octet-stream').split(';')[0].trim();
  try {
    const upload = await checkUpload(bytes, declared, file.fileName ?? `file-${externalId}`);
    const key = await ctx.media.save(channel.tenantId, upload.content);
    return { type: upload.type as InboundMedia['type'], key, name: upload.name, mime: upload.mime, size: upload.content.length };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    ctx.logger.warn({ channelId: channel.id, externalId, code: error.code }, 'hub file refused');
    return undefined;
  }
}
