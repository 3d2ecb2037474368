import type { ChannelStatus } from '@conversa/shared';
import type { AppContext } from '../../../../app-context.js';
import { AppError } from '../../../../platform/http/app-error.js';
import { applyProviderStatus, type ProviderStatus } from '../../../messages/use-cases/apply-provider-status.js';
import { ingestInbound } from '../../../messages/use-cases/ingest-inbound.js';
import { setChannelStatus, type ChannelRow } from '../../channels.repository.js';
import { evolutionSettingsOf, instanceNameOf } from './evolution.client.js';
import { importEvolutionHistory } from './evolution.history.js';
import { bodyAndMediaOf, chatOf, contentOf, timestampOf } from './evolution.messages.js';
import {
  evolutionConnectionUpdateSchema,
  evolutionMessageSchema,
  evolutionMessageUpdateSchema,
  evolutionQrcodeUpdateSchema,
  type EvolutionMessage,
  type EvolutionWebhookBody,
} from './evolution.schemas.js';

/** Records a channel's session status and tells the agents (channel.session → 'whatsappSession'). */
export async function setEvolutionStatus(
  ctx: AppContext,
  channel: ChannelRow,
  status: ChannelStatus,
  qrcode: string | null = null,
): Promise<void> {
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
const CONNECTION: Record<string, ChannelStatus> = {
  open: 'connected',
  connecting: 'opening',
  close: 'disconnected',
  refused: 'pairingTimeout',
};

export type EvolutionEventOutcome = 'stored' | 'duplicate' | 'blocked' | 'skipped' | 'status' | 'session' | 'imported' | 'ignored';

/**
 * The webhook parser: one Evolution event of an authenticated channel, handed to the shared
 * pipeline (ingestInbound, applyProviderStatus, importChatHistory for MESSAGES_SET) or recorded
 * as the session's status.
 */
export async function handleEvolutionEvent(
  ctx: AppContext,
  channel: ChannelRow,
  body: EvolutionWebhookBody,
): Promise<EvolutionEventOutcome> {
  const settings = evolutionSettingsOf(ctx, channel);
  // Another instance's event (a shared server's global webhook): not ours to store.
  if (body.instance !== undefined && body.instance !== instanceNameOf(channel, settings)) return 'ignored';
  const event = body.event.replace(/[_-]/g, '.').toLowerCase();
  const items = Array.isArray(body.data) ? body.data : [body.data];

  switch (event) {
    case 'messages.upsert': {
      let outcome: EvolutionEventOutcome = 'skipped';
      for (const item of items) {
        const parsed = evolutionMessageSchema.safeParse(item);
        if (!parsed.success)
          throw new AppError('ERR_VALIDATION', 'Invalid MESSAGES_UPSERT payload.', {
            data: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
          });
        outcome = await ingestEvolutionMessage(ctx, channel, parsed.data);
      }
      return outcome;
    }
    case 'messages.set': {
      // The history sync's chunk: an array of messages (an object only from odd builds).
      const imported = await importEvolutionHistory(ctx, channel, items);
      return imported ? 'imported' : 'ignored';
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
      await setEvolutionStatus(
        ctx,
        channel,
        status === 'opening' && channel.qrcode ? 'qrcode' : status,
        status === 'opening' ? channel.qrcode : null,
      );
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

/**
 * MESSAGES_UPSERT → the shared inbound pipeline. Messages typed on the connected phone (key.fromMe)
 * are stored as the channel's own (fromMe: sent, answering the ticket): Evolution creates its
 * Baileys socket with `emitOwnEvents: false` and reports what its own send endpoints send as
 * SEND_MESSAGE (sendMessageWithTyping), never as MESSAGES_UPSERT, so a fromMe MESSAGES_UPSERT is
 * something the phone (or another linked device) sent, not Conversa's reply coming back. Should
 * an older Evolution echo a send anyway, the echo holds the send's own id: after the send job
 * recorded it, the unique index makes the echo a duplicate; before, the send job's
 * recordSendResult replaces it with the agent's message. Group messages ('@g.us') become group
 * tickets when the channel imports groups (importGroups), and are skipped otherwise. Skipped
 * always: broadcasts and statuses, and kinds Conversa does not show (reactions, protocol
 * messages, polls). Edits and deletions come as other events (MESSAGES_EDITED, MESSAGES_DELETE),
 * which Conversa does not subscribe to.
 */
async function ingestEvolutionMessage(ctx: AppContext, channel: ChannelRow, data: EvolutionMessage): Promise<EvolutionEventOutcome> {
  if (!data.message) return 'skipped';
  const content = contentOf(data.message);
  if (!content) return 'skipped';
  const settings = evolutionSettingsOf(ctx, channel);
  const chat = await chatOf(ctx, channel, data, settings.importGroups === true);
  if (!chat) return 'skipped';
  const { body, media } = await bodyAndMediaOf(ctx, channel, data, content, 'live');

  const result = await ingestInbound(
    ctx,
    {
      tenantId: channel.tenantId,
      channelId: channel.id,
      externalId: data.key.id,
      contact: chat.contact,
      body,
      media,
      quotedExternalId: data.contextInfo?.stanzaId ?? undefined,
      timestamp: timestampOf(data.messageTimestamp),
      fromMe: data.key.fromMe === true,
      senderName: chat.senderName,
    },
    { channel },
  );
  return result.outcome;
}
