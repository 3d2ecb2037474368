import type { ChannelStatus } from '@conversa/shared';
import type { AppContext } from '../../../../app-context.js';
import { AppError } from '../../../../platform/http/app-error.js';
import { applyProviderStatus } from '../../../messages/use-cases/apply-provider-status.js';
import { ingestInbound } from '../../../messages/use-cases/ingest-inbound.js';
import { setChannelStatus, type ChannelRow } from '../../channels.repository.js';
import { meowSettingsOf } from './meow.client.js';
import { importMeowHistory } from './meow.history.js';
import { bodyAndMediaOf, contactOf, contentOf, senderNameOf } from './meow.messages.js';
import {
  meowEventSchema,
  meowMessageEventSchema,
  meowReceiptEventSchema,
  type MeowEvent,
  type MeowMessageEvent,
  type MeowWebhookBody,
} from './meow.schemas.js';

/** Records a channel's session status and tells the agents (channel.session → 'whatsappSession'). */
export async function setMeowStatus(
  ctx: AppContext,
  channel: ChannelRow,
  status: ChannelStatus,
  qrcode: string | null = null,
): Promise<void> {
  await setChannelStatus(ctx.db, channel.tenantId, channel.id, status, { qrcode, retries: 0 });
  ctx.events.publish([{ type: 'channel.session', tenantId: channel.tenantId, channelId: channel.id }]);
}

export type MeowEventOutcome = 'stored' | 'duplicate' | 'blocked' | 'skipped' | 'status' | 'session' | 'imported' | 'ignored';

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
      if (!parsed.success)
        throw new AppError('ERR_VALIDATION', 'Invalid Message event.', {
          event: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
        });
      return ingestMeowMessage(ctx, channel, event, parsed.data);
    }
    case 'HistorySync': {
      // A channel that does not import its history is not subscribed; one posted anyway is not stored.
      const imported = await importMeowHistory(ctx, channel, event.event);
      return imported ? 'imported' : 'ignored';
    }
    case 'ReadReceipt': {
      const status = event.state === 'Read' ? 'read' : event.state === 'Delivered' ? 'delivered' : undefined;
      if (!status) return 'ignored';
      const parsed = meowReceiptEventSchema.safeParse(event.event);
      if (!parsed.success) throw new AppError('ERR_VALIDATION', 'Invalid ReadReceipt event.');
      for (const externalId of parsed.data.MessageIDs)
        await applyProviderStatus(ctx, { tenantId: channel.tenantId, channelId: channel.id, externalId, status });
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

/**
 * Message → the shared inbound pipeline. Messages typed on the connected phone (Info.IsFromMe) are
 * stored as the channel's own (fromMe: sent, answering the ticket): WuzAPI's /chat/send/* call
 * whatsmeow's SendMessage, which sends from WuzAPI's own linked device and dispatches no event for
 * it (WhatsApp's server copies a message to the account's *other* devices only), so an IsFromMe
 * Message is something the phone or another linked device sent, not Conversa's reply coming back.
 * Should one come back anyway, it carries the Id Conversa gave the send: the unique index makes it
 * a duplicate, or the send job's recordSendResult replaces it with the agent's message. Group
 * messages ('@g.us') become group tickets when the channel imports groups (importGroups), and are
 * skipped otherwise. Skipped always: broadcasts, statuses, newsletters, and kinds Conversa does not
 * show (reactions, protocol messages, polls, locations, contacts).
 */
async function ingestMeowMessage(
  ctx: AppContext,
  channel: ChannelRow,
  event: MeowEvent,
  data: MeowMessageEvent,
): Promise<MeowEventOutcome> {
  if (!data.Message) return 'skipped';
  const content = contentOf(data.Message);
  if (!content) return 'skipped';
  const { Info: info } = data;
  const fromMe = info.IsFromMe === true;
  const settings = meowSettingsOf(ctx, channel);
  const contact = await contactOf(ctx, channel, info.Chat, {
    // A '@lid' chat's phone JID: the sender's other address, or the recipient's for the phone's own message.
    alternates: fromMe ? [info.RecipientAlt] : [info.SenderAlt, info.Sender],
    // The phone's own messages name nobody: their PushName is the account's own.
    name: fromMe ? undefined : info.PushName,
    groups: settings.importGroups === true,
  });
  if (!contact) return 'skipped';
  const { body, media } = await bodyAndMediaOf(ctx, channel, info.ID, content, event, 'live');

  const timestamp = info.Timestamp ? new Date(info.Timestamp) : undefined;
  const result = await ingestInbound(
    ctx,
    {
      tenantId: channel.tenantId,
      channelId: channel.id,
      externalId: info.ID,
      contact,
      body,
      media,
      quotedExternalId: data.Message.extendedTextMessage?.contextInfo?.stanzaID ?? undefined,
      timestamp: timestamp && !Number.isNaN(timestamp.getTime()) ? timestamp : undefined,
      fromMe,
      senderName: contact.isGroup ? senderNameOf(fromMe, info.PushName, [info.SenderAlt, info.Sender]) : undefined,
    },
    { channel },
  );
  return result.outcome;
}
