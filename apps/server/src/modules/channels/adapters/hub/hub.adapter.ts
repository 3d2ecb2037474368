import type { ChannelStatus } from '@conversa/shared';
import type { AppContext } from '../../../../app-context.js';
import { AppError } from '../../../../platform/http/app-error.js';
import { setChannelStatus, type ChannelRow } from '../../channels.repository.js';
import type { ChannelAdapter, OutboundMessage, SendResult } from '../channel-adapter.js';
import { Throttle } from '../throttle.js';
import { HubClient, hubSettingsOf } from './hub.client.js';
import { hubWebhookRoutes } from './hub.routes.js';
import {
  channelListSchema,
  hubSettingsSchema,
  sentAnswerSchema,
  subscriptionListSchema,
  type HubChannelKind,
  type HubSettings,
} from './hub.schemas.js';

/**
 * NotificaMe publishes no send rate: a conservative pace per hub channel. A 429 beyond it still
 * reaches the send job, which retries later.
 */
const HUB_MESSAGES_PER_SECOND = 10;
const throttle = new Throttle();

/** The events Conversa subscribes to, per hub channel. */
const EVENT_TYPES = ['MESSAGE', 'MESSAGE_STATUS'] as const;

/** Where NotificaMe posts this channel's events: the public key names it, the secret authenticates it. */
export function hubWebhookUrl(ctx: AppContext, channel: ChannelRow, settings: HubSettings): string {
  return `${ctx.appUrl.replace(/\/+$/, '')}/webhooks/hub/${channel.publicKey}/${settings.webhookSecret}`;
}

/** The send path the SDK uses for each kind (notificamehubsdk abstract-channel.js: v2 for WhatsApp and Instagram, v1 otherwise). */
const SEND_PATH: Record<HubChannelKind, string> = {
  whatsapp: '/v2/channels/whatsapp/messages',
  instagram: '/v2/channels/instagram/messages',
  facebook: '/v1/channels/facebook/messages',
};

async function setHubStatus(ctx: AppContext, channel: ChannelRow, status: ChannelStatus): Promise<void> {
  await setChannelStatus(ctx.db, channel.tenantId, channel.id, status, { qrcode: null, retries: 0 });
  ctx.events.publish([{ type: 'channel.session', tenantId: channel.tenantId, channelId: channel.id }]);
}

function session(ctx: AppContext, channel: ChannelRow) {
  const settings = hubSettingsOf(ctx, channel);
  return { settings, client: new HubClient(ctx, settings) };
}

/** The recipient of a send: a WhatsApp number, or the Instagram / Messenger id of a `hub:<kind>:<id>` contact. */
function recipientOf(kind: HubChannelKind, contact: OutboundMessage['contact']): string {
  const prefix = `hub:${kind}:`;
  if (contact.externalKey?.startsWith(prefix)) return contact.externalKey.slice(prefix.length);
  if (kind === 'whatsapp' && contact.number) return contact.number.replace(/\D/g, '');
  throw new AppError('ERR_WAPP_INVALID_CONTACT', `This contact cannot be reached on this hub channel (${kind}).`);
}

/**
 * NotificaMe Hub (notificamehubsdk's API, Zenvia API v2 shapes): the channel is one hub channel
 * of the account (a WhatsApp number, an Instagram account or a Facebook page). start checks that
 * the selected channel is in the account (GET /v1/channels) and subscribes this server's webhook
 * to its MESSAGE and MESSAGE_STATUS events (once: existing subscriptions are reused); stop removes them.
 */
export const hubAdapter: ChannelAdapter<HubSettings> = {
  type: 'hub',
  settingsSchema: hubSettingsSchema,

  async start(ctx, channel) {
    const { settings, client } = session(ctx, channel);
    const channels = (await client.call('session', 'GET', '/v1/channels', channelListSchema)) ?? [];
    const selected = channels.find((c) => c.id === settings.hubChannelId);
    if (!selected) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 'The selected hub channel is not in this NotificaMe account.');
    if (selected.channel && selected.channel !== settings.hubChannelType) {
      throw new AppError(
        'ERR_WAPP_NOT_INITIALIZED',
        `The selected hub channel is a ${selected.channel} channel, not ${settings.hubChannelType}.`,
      );
    }
    const url = hubWebhookUrl(ctx, channel, settings);
    const existing = (await client.call('session', 'GET', '/v1/subscriptions', subscriptionListSchema)) ?? [];
    for (const eventType of EVENT_TYPES) {
      if (existing.some((s) => s.eventType === eventType && s.webhook?.url === url && s.criteria?.channel === settings.hubChannelId))
        continue;
      await client.call('session', 'POST', '/v1/subscriptions', null, {
        eventType,
        webhook: { url },
        criteria: { channel: settings.hubChannelId, ...(eventType === 'MESSAGE' ? { direction: 'IN' } : {}) },
        status: 'ACTIVE',
      });
    }
    await setHubStatus(ctx, channel, 'connected');
  },

  async stop(ctx, channel) {
    const { settings, client } = session(ctx, channel);
    const prefix = `${ctx.appUrl.replace(/\/+$/, '')}/webhooks/hub/${channel.publicKey}/`;
    try {
      const existing = (await client.call('session', 'GET', '/v1/subscriptions', subscriptionListSchema)) ?? [];
      for (const subscription of existing) {
        if (subscription.criteria?.channel === settings.hubChannelId && subscription.webhook?.url.startsWith(prefix)) {
          await client.call('session', 'DELETE', `/v1/subscriptions/${encodeURIComponent(subscription.id)}`, null);
        }
      }
    } catch (error) {
      // The account or the service is gone: the channel is disconnected all the same.
      if (!(error instanceof Error)) throw error;
      ctx.logger.info({ channelId: channel.id, reason: error.message }, 'hub unsubscribe refused');
    }
    await setHubStatus(ctx, channel, 'disconnected');
  },

  async send(ctx, channel, message: OutboundMessage): Promise<SendResult> {
    const { settings, client } = session(ctx, channel);
    const to = recipientOf(settings.hubChannelType, message.contact);
    const contents: Record<string, unknown>[] = [];
    if (message.media) {
      // NotificaMe fetches the file from a URL: a signed, expiring link to this server's media.
      contents.push({
        type: 'file',
        fileUrl: `${ctx.appUrl.replace(/\/+$/, '')}${ctx.media.signedPath(message.media.key, message.media.mime, 24 * 3600)}`,
        fileMimeType: message.media.mime,
        fileName: message.media.name,
        ...(message.body ? { fileCaption: message.body } : {}),
      });
    } else {
      contents.push({ type: 'text', text: message.body });
    }
    await throttle.wait(settings.hubChannelId, HUB_MESSAGES_PER_SECOND);
    // The hub takes no client message id: an interrupted send stays unconfirmed for the agent.
    await message.claimSend?.();
    const answer = await client.call('send', 'POST', SEND_PATH[settings.hubChannelType], sentAnswerSchema, {
      from: settings.hubChannelId,
      to,
      contents,
    });
    if (!answer) throw new AppError('ERR_SENDING_WAPP_MSG');
    return { externalId: answer.id, status: 'sent' };
  },

  webhookRoutes: hubWebhookRoutes,
};
