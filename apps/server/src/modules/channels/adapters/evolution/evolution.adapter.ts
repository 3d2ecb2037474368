import type { AppContext } from '../../../../app-context.js';
import { AppError } from '../../../../platform/http/app-error.js';
import type { ChannelRow } from '../../channels.repository.js';
import type { ChannelAdapter, OutboundMessage, SendResult } from '../channel-adapter.js';
import { EvolutionClient, evolutionSettingsOf, EvolutionUnavailableError, instanceNameOf } from './evolution.client.js';
import { setEvolutionStatus } from './evolution.inbound.js';
import { recipientOf } from './evolution.messages.js';
import { evolutionWebhookRoutes } from './evolution.routes.js';
import {
  connectAnswerSchema,
  connectionStateAnswerSchema,
  evolutionSettingsSchema,
  evolutionWebhookEventsOf,
  instanceSettingsAnswerSchema,
  sentMessageAnswerSchema,
  type EvolutionInstanceSettings,
  type EvolutionSettings,
} from './evolution.schemas.js';

/** Where Evolution posts this channel's events: the public key names it, the secret authenticates it. */
export function evolutionWebhookUrl(ctx: AppContext, channel: ChannelRow, settings: EvolutionSettings): string {
  return `${ctx.appUrl.replace(/\/+$/, '')}/webhooks/evolution/${channel.publicKey}/${settings.webhookSecret}`;
}

function session(ctx: AppContext, channel: ChannelRow) {
  const settings = evolutionSettingsOf(ctx, channel);
  const instance = encodeURIComponent(instanceNameOf(channel, settings));
  return { settings, instance, client: new EvolutionClient(ctx, settings) };
}

/** Evolution's `mediatype` for a stored file (sendMedia takes image, video, audio or document). */
function mediatypeOf(type: string): 'image' | 'video' | 'audio' | 'document' {
  return type === 'image' || type === 'video' || type === 'audio' ? type : 'document';
}

/** The instance settings the channel's options decide (none when the channel sets neither option). */
function wantedInstanceSettings(settings: EvolutionSettings): Partial<Record<'syncFullHistory' | 'groupsIgnore', boolean>> {
  return {
    ...(settings.importOldMessages !== undefined ? { syncFullHistory: settings.importOldMessages } : {}),
    ...(settings.importGroups !== undefined ? { groupsIgnore: !settings.importGroups } : {}),
  };
}

/**
 * The body of POST /settings/set for an instance whose settings were read as `current`: every setting
 * it had, with the channel's two laid over them. settings.schema.ts requires rejectCall, groupsIgnore,
 * alwaysOnline, readMessages, readStatus and syncFullHistory as booleans (msgCall and wavoipToken are
 * strings when given), and setSettings writes every field it is given, so a null column is sent as
 * its neutral value (false, '') rather than left out or sent as null, which the schema refuses.
 */
export function instanceSettingsBody(
  current: EvolutionInstanceSettings | null | undefined,
  wanted: ReturnType<typeof wantedInstanceSettings>,
): Record<string, unknown> {
  const kept = Object.fromEntries(Object.entries(current ?? {}).filter(([, value]) => value !== null && value !== undefined));
  return {
    ...kept,
    rejectCall: current?.rejectCall ?? false,
    msgCall: current?.msgCall ?? '',
    groupsIgnore: current?.groupsIgnore ?? false,
    alwaysOnline: current?.alwaysOnline ?? false,
    readMessages: current?.readMessages ?? false,
    readStatus: current?.readStatus ?? false,
    syncFullHistory: current?.syncFullHistory ?? false,
    // Required by some v2 releases' settings schema: kept when the instance has the column.
    ...(current && 'wavoipToken' in current ? { wavoipToken: current.wavoipToken ?? '' } : {}),
    ...wanted,
  };
}

/**
 * An existing instance keeps the settings it was created with, so on every start its syncFullHistory
 * and groupsIgnore are brought in line with the channel's options: read (GET /settings/find), and
 * written back only when one differs (POST /settings/set with everything else as read: a tenant's
 * rejectCall, msgCall, alwaysOnline… survive). Done before /instance/connect: Evolution hands
 * syncFullHistory to Baileys when it opens the socket (whatsapp.baileys.service.ts createClient), so a
 * changed value applies from the next connection or pairing; groupsIgnore is read per message
 * (shouldIgnoreJid) and applies at once. A channel that sets neither option leaves them alone.
 */
async function followInstanceSettings(client: EvolutionClient, instance: string, settings: EvolutionSettings): Promise<void> {
  const wanted = wantedInstanceSettings(settings);
  if (Object.keys(wanted).length === 0) return;
  const current = await client.call('session', 'GET', `/settings/find/${instance}`, instanceSettingsAnswerSchema);
  const differs = !current || Object.entries(wanted).some(([key, value]) => current[key as keyof typeof wanted] !== value);
  if (!differs) return;
  await client.call('session', 'POST', `/settings/set/${instance}`, null, instanceSettingsBody(current, wanted));
}

/**
 * Evolution API v2 (a self-hosted WhatsApp gateway on Baileys): the channel is one Evolution
 * instance. start creates it if missing (with the webhook), then connects it and shows the QR
 * code or the pairing code; the webhook moves the status on (open → connected, close →
 * disconnected). Sends go through /message/sendText, /message/sendMedia and, for an audio flagged as
 * a voice note, /message/sendWhatsAppAudio (`number` is the group's JID for a group contact).
 *
 * History and groups (SPEC §3): with importOldMessages the instance has syncFullHistory (given on
 * creation, set again on each start of an existing instance: followInstanceSettings) and the
 * webhook, set on every start, also carries MESSAGES_SET, the history sync's chunks, imported
 * as past conversations (evolution.history.ts: day range, limit per chat, import queue, closed
 * tickets). With importGroups group messages become group tickets named after the group's subject.
 * Messages typed on the connected phone are stored as the channel's own (why that is safe with
 * Evolution: evolution.inbound.ts).
 */
export const evolutionAdapter: ChannelAdapter<EvolutionSettings> = {
  type: 'evolution',
  settingsSchema: evolutionSettingsSchema,

  async start(ctx, channel) {
    const { settings, instance, client } = session(ctx, channel);
    let state: string | undefined;
    try {
      state = (await client.call('session', 'GET', `/instance/connectionState/${instance}`, connectionStateAnswerSchema))?.instance.state;
    } catch (error) {
      // 404: the instance does not exist yet; anything else (bad key, server down) fails the start.
      if (!(error instanceof AppError && error.code === 'ERR_WAPP_NOT_INITIALIZED' && /does not exist/i.test(error.message))) throw error;
    }
    const webhook = {
      enabled: true,
      url: evolutionWebhookUrl(ctx, channel, settings),
      byEvents: false,
      base64: true,
      events: evolutionWebhookEventsOf(settings),
    };
    if (state === undefined) {
      await client.call('session', 'POST', '/instance/create', null, {
        instanceName: instanceNameOf(channel, settings),
        qrcode: true,
        ...(settings.pairingNumber ? { number: settings.pairingNumber } : {}),
        integration: 'WHATSAPP-BAILEYS',
        webhook,
        // Evolution's own instance settings (v2 instance create), when the channel sets them:
        // syncFullHistory has the phone sync its full history on pairing (forwarded as MESSAGES_SET
        // and imported), groupsIgnore stops live group messages at Evolution (Conversa skips them then).
        // An instance that already exists gets them on start (followInstanceSettings).
        ...(settings.importOldMessages !== undefined ? { syncFullHistory: settings.importOldMessages } : {}),
        ...(settings.importGroups !== undefined ? { groupsIgnore: !settings.importGroups } : {}),
      });
    } else {
      // An instance that already exists (a restart, or one the tenant made): point its webhook here.
      // Its event list follows the channel's options (MESSAGES_SET with importOldMessages), and so do
      // its own syncFullHistory / groupsIgnore.
      await client.call('session', 'POST', `/webhook/set/${instance}`, null, { webhook });
      await followInstanceSettings(client, instance, settings);
    }
    if (state === 'open') return setEvolutionStatus(ctx, channel, 'connected');

    const query = settings.pairingNumber ? `?number=${settings.pairingNumber}` : '';
    const answer = await client.call('session', 'GET', `/instance/connect/${instance}${query}`, connectAnswerSchema);
    if (answer?.instance?.state === 'open') return setEvolutionStatus(ctx, channel, 'connected');
    // With a pairing number the code is what the phone needs; otherwise the QR image (a data URL).
    const shown = (settings.pairingNumber ? answer?.pairingCode : undefined) ?? answer?.base64 ?? answer?.pairingCode;
    if (!shown) return setEvolutionStatus(ctx, channel, 'opening');
    await setEvolutionStatus(ctx, channel, 'qrcode', shown);
  },

  async stop(ctx, channel) {
    const { instance, client } = session(ctx, channel);
    try {
      await client.call('session', 'DELETE', `/instance/logout/${instance}`, null);
    } catch (error) {
      // Already logged out (400 "not connected") or gone (404): the channel is disconnected all the same.
      if (!(error instanceof AppError)) throw error;
      ctx.logger.info({ channelId: channel.id, code: error.code, reason: error.message }, 'evolution logout refused');
    }
    await setEvolutionStatus(ctx, channel, 'disconnected');
  },

  async send(ctx, channel, message: OutboundMessage): Promise<SendResult> {
    const { number } = recipientOf(message.contact, 'ERR_WAPP_INVALID_CONTACT');
    const { instance, client } = session(ctx, channel);
    const quoted = message.quotedExternalId ? { quoted: { key: { id: message.quotedExternalId } } } : {};

    let answer;
    if (message.media) {
      const content = await ctx.media.read(message.media.key);
      if (!content) throw new AppError('ERR_WAPP_DOWNLOAD_MEDIA', 'The file of this message is missing.');
      await message.claimSend?.();
      if (message.media.type === 'audio' && message.media.voice) {
        // A voice note (push-to-talk): sendWhatsAppAudio, base64 like sendMedia. Evolution converts it
        // to OGG/Opus (its `encoding` defaults to on). The endpoint takes no caption, so the text is
        // not sent (as with Baileys); `quoted` is documented but some v2 releases drop it for audio.
        answer = await client.call('send', 'POST', `/message/sendWhatsAppAudio/${instance}`, sentMessageAnswerSchema, {
          number,
          audio: content.toString('base64'),
          ...quoted,
        });
      } else {
        answer = await client.call('send', 'POST', `/message/sendMedia/${instance}`, sentMessageAnswerSchema, {
          number,
          mediatype: mediatypeOf(message.media.type),
          mimetype: message.media.mime,
          media: content.toString('base64'),
          fileName: message.media.name,
          caption: message.body,
          ...quoted,
        });
      }
    } else {
      // Evolution's send takes no message id of ours: an interrupted send stays unconfirmed for the agent.
      await message.claimSend?.();
      answer = await client.call('send', 'POST', `/message/sendText/${instance}`, sentMessageAnswerSchema, {
        number,
        text: message.body,
        ...quoted,
      });
    }
    if (!answer) throw new AppError('ERR_SENDING_WAPP_MSG');
    return { externalId: answer.key.id, status: 'sent' };
  },

  async editMessage(ctx, channel, message, body) {
    if (!message.externalId) throw new AppError('ERR_SENDING_WAPP_MSG', 'This message cannot be edited on WhatsApp.');
    const { number, remoteJid } = recipientOf(message.contact, 'ERR_SENDING_WAPP_MSG');
    const { instance, client } = session(ctx, channel);
    try {
      await client.call('send', 'POST', `/chat/updateMessage/${instance}`, null, {
        number,
        text: body,
        key: { id: message.externalId, remoteJid, fromMe: true },
      });
    } catch (error) {
      // Not retried here: the agent sees the failure and may edit again.
      if (error instanceof EvolutionUnavailableError) throw new AppError('ERR_SENDING_WAPP_MSG', error.message);
      throw error;
    }
  },

  async deleteMessage(ctx, channel, message) {
    if (!message.externalId) throw new AppError('ERR_DELETE_WAPP_MSG', 'This message cannot be deleted on WhatsApp.');
    const { remoteJid } = recipientOf(message.contact, 'ERR_DELETE_WAPP_MSG');
    const { instance, client } = session(ctx, channel);
    await client.call('delete', 'DELETE', `/chat/deleteMessageForEveryone/${instance}`, null, {
      id: message.externalId,
      remoteJid,
      fromMe: true,
    });
  },

  webhookRoutes: evolutionWebhookRoutes,
};
