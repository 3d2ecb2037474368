import type { AppContext } from '../../../../app-context.js';
import { AppError } from '../../../../platform/http/app-error.js';
import type { ChannelRow } from '../../channels.repository.js';
import type { ChannelAdapter, OutboundMessage, SendResult } from '../channel-adapter.js';
import { MeowClient, meowSettingsOf } from './meow.client.js';
import { setMeowStatus } from './meow.inbound.js';
import { recipientOf } from './meow.messages.js';
import { meowWebhookRoutes } from './meow.routes.js';
import {
  meowSettingsSchema,
  meowSubscriptionsOf,
  pairAnswerSchema,
  qrAnswerSchema,
  sentAnswerSchema,
  statusAnswerSchema,
  type MeowSettings,
} from './meow.schemas.js';

/** Where WuzAPI posts this channel's events: the public key names it, the secret authenticates it. */
export function meowWebhookUrl(ctx: AppContext, channel: ChannelRow, settings: MeowSettings): string {
  return `${ctx.appUrl.replace(/\/+$/, '')}/webhooks/meow/${channel.publicKey}/${settings.webhookSecret}`;
}

function session(ctx: AppContext, channel: ChannelRow) {
  const settings = meowSettingsOf(ctx, channel);
  return { settings, client: new MeowClient(ctx, settings) };
}

/** The WhatsApp message id Conversa gives a send (WuzAPI's `Id`): the same on a retry, so a repeat is recognisable. */
const whatsappIdOf = (messageId: string) => messageId.replace(/-/g, '').toUpperCase();

/**
 * WuzAPI (a self-hosted gateway over whatsmeow): the channel is one WuzAPI user. start points the
 * user's webhook here, connects the session with the events Conversa needs, and shows the QR code
 * until the phone scans it (the Connected event, or /session/status, says logged in). Sends go
 * through /chat/send/* (`Phone` is the group's JID for a group contact).
 *
 * History and groups (SPEC §3): with importOldMessages the user also subscribes to HistorySync
 * (set on every start, a live session included), whatsmeow's history sync chunks, imported as past
 * conversations (meow.history.ts: day range, limit per chat, import queue, closed tickets). The
 * phone sends its history when it pairs: a session paired before the option was set brings its
 * past chats only once it pairs again. With importGroups group messages become group
 * tickets named after the group. Messages typed on the connected phone are stored as the
 * channel's own (why that is safe with WuzAPI: meow.inbound.ts).
 */
export const meowAdapter: ChannelAdapter<MeowSettings> = {
  type: 'meow',
  settingsSchema: meowSettingsSchema,

  async start(ctx, channel) {
    const { settings, client } = session(ctx, channel);
    const subscriptions = meowSubscriptionsOf(settings);
    // The webhook and the event types together: WuzAPI's SetWebhook (handlers.go) stores a non-empty
    // `events` list as the user's subscriptions (users.events and its user info cache), and the event
    // handler re-reads them for every event (wmiau.go updateAndGetUserSubscriptions). So a live
    // session that refuses /session/connect below ("already connected") still gets the channel's
    // current subscriptions, HistorySync with importOldMessages. (A WuzAPI too old to take `events`
    // ignores the key: its subscriptions then change on the next connect, after a stop.)
    await client.call('session', 'POST', '/webhook', null, { webhookURL: meowWebhookUrl(ctx, channel, settings), events: subscriptions });
    try {
      await client.call('session', 'POST', '/session/connect', null, { Subscribe: subscriptions, Immediate: true });
    } catch (error) {
      // Already connected (a restart of a live session): its status says what to show.
      if (!(error instanceof Error && /already connected/i.test(error.message))) throw error;
    }
    const status = await client.call('session', 'GET', '/session/status', statusAnswerSchema);
    if (status?.data.LoggedIn) return setMeowStatus(ctx, channel, 'connected');
    if (settings.pairingNumber) {
      // The linking code the phone asks for (Linked devices → Link with phone number).
      const pair = await client.call('session', 'POST', '/session/pairphone', pairAnswerSchema, { Phone: settings.pairingNumber });
      return setMeowStatus(ctx, channel, 'qrcode', pair?.data.LinkingCode ?? null);
    }
    const qr = await client.call('session', 'GET', '/session/qr', qrAnswerSchema);
    const code = qr?.data.QRCode;
    // No code yet: the QR event brings it.
    await (code ? setMeowStatus(ctx, channel, 'qrcode', code) : setMeowStatus(ctx, channel, 'opening'));
  },

  async stop(ctx, channel) {
    const { client } = session(ctx, channel);
    try {
      await client.call('session', 'POST', '/session/logout', null);
    } catch (error) {
      // Not logged in (or the server is gone): the channel is disconnected all the same.
      if (!(error instanceof AppError) && !(error instanceof Error && error.name === 'MeowUnavailableError')) throw error;
      ctx.logger.info({ channelId: channel.id, reason: error.message }, 'wuzapi logout refused');
    }
    await setMeowStatus(ctx, channel, 'disconnected');
  },

  async send(ctx, channel, message: OutboundMessage): Promise<SendResult> {
    const { phone, group } = recipientOf(message.contact, 'ERR_WAPP_INVALID_CONTACT');
    const { client } = session(ctx, channel);
    // The send's WhatsApp id is ours: claimed with it, an interrupted send is confirmed by its receipts.
    const Id = whatsappIdOf(message.messageId);

    let answer;
    if (message.media) {
      const content = await ctx.media.read(message.media.key);
      if (!content) throw new AppError('ERR_WAPP_DOWNLOAD_MEDIA', 'The file of this message is missing.');
      const dataUrl = `data:${message.media.mime};base64,${content.toString('base64')}`;
      const caption = message.body ? { Caption: message.body } : {};
      const [path, payload] =
        message.media.type === 'image'
          ? ['/chat/send/image', { Phone: phone, Image: dataUrl, ...caption, Id }]
          : message.media.type === 'video'
            ? ['/chat/send/video', { Phone: phone, Video: dataUrl, ...caption, Id }]
            : message.media.type === 'audio'
              ? ['/chat/send/audio', { Phone: phone, Audio: dataUrl, Id }]
              : ['/chat/send/document', { Phone: phone, Document: dataUrl, FileName: message.media.name, Id }];
      await message.claimSend?.({ externalId: Id });
      answer = await client.call('send', 'POST', path, sentAnswerSchema, payload);
    } else {
      // WuzAPI wants the quoted message's author (Participant) with its id; in a group Conversa does
      // not keep who wrote it, so a reply there goes unquoted.
      const quoted =
        message.quotedExternalId && !group
          ? { ContextInfo: { StanzaId: message.quotedExternalId, Participant: `${phone}@s.whatsapp.net` } }
          : {};
      await message.claimSend?.({ externalId: Id });
      answer = await client.call('send', 'POST', '/chat/send/text', sentAnswerSchema, { Phone: phone, Body: message.body, Id, ...quoted });
    }
    if (!answer) throw new AppError('ERR_SENDING_WAPP_MSG');
    return { externalId: answer.data.Id, status: 'sent' };
  },

  async deleteMessage(ctx, channel, message) {
    if (!message.externalId) throw new AppError('ERR_DELETE_WAPP_MSG', 'This message cannot be deleted on WhatsApp.');
    const { phone } = recipientOf(message.contact, 'ERR_DELETE_WAPP_MSG');
    const { client } = session(ctx, channel);
    await client.call('delete', 'POST', '/chat/delete', null, { Phone: phone, Id: message.externalId });
  },

  webhookRoutes: meowWebhookRoutes,
};
