import type { AppContext } from '../../../../app-context.js';
import { AppError } from '../../../../platform/http/app-error.js';
import { setChannelStatus, updateChannel, type ChannelRow } from '../../channels.repository.js';
import type { ChannelAdapter } from '../channel-adapter.js';
import { GraphClient } from './waba.client.js';
import { sendWabaMessage, sendWabaRich } from './waba.outbound.js';
import { wabaWebhookRoutes } from './waba.routes.js';
import { listWabaTemplates } from './waba.templates.js';
import { phoneNumberResponseSchema, wabaSettingsSchema, type WabaSettings } from './waba.schemas.js';
import { channelSettings } from '../../channel-secrets.js';

export { sendWabaInteractive, sendWabaTemplate, wabaRecipient } from './waba.outbound.js';

/** SPEC §8: the channel screen's message when the Cloud API refuses the channel's data. */
export const WABA_DATA_INCORRECT = 'WABA data incorrect: check identifiers, token, app permissions';

async function setStatus(
  ctx: AppContext,
  channel: ChannelRow,
  status: 'connected' | 'disconnected',
  number?: string | null,
): Promise<void> {
  if (number) await updateChannel(ctx.db, channel.tenantId, channel.id, { status, number, qrcode: null, retries: 0 });
  else await setChannelStatus(ctx.db, channel.tenantId, channel.id, status, { qrcode: null, retries: 0 });
  ctx.events.publish([{ type: 'channel.session', tenantId: channel.tenantId, channelId: channel.id }]);
}

/**
 * WhatsApp Business Cloud API (Meta's official API). Starting checks the phone number id and
 * token with a Graph call; inbound messages and statuses arrive on the webhook
 * (/webhooks/waba/{publicKey}); agents' messages go out through POST /{phone-number-id}/messages,
 * throttled to 80/s per number. Its approved templates are listed from GET /{waba-id}/message_templates.
 */
export const wabaAdapter: ChannelAdapter<WabaSettings> = {
  type: 'waba',
  settingsSchema: wabaSettingsSchema,

  async start(ctx, channel) {
    const parsed = wabaSettingsSchema.safeParse(channelSettings(ctx, channel));
    if (!parsed.success) {
      await setStatus(ctx, channel, 'disconnected');
      throw new AppError('ERR_VALIDATION', `${WABA_DATA_INCORRECT}.`, {
        settings: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
      });
    }
    const settings = parsed.data;
    let phone;
    try {
      phone = await new GraphClient(ctx, settings).call(
        'check phone number',
        'GET',
        `${settings.phoneNumberId}?fields=display_phone_number,verified_name`,
        phoneNumberResponseSchema,
      );
    } catch (error) {
      await setStatus(ctx, channel, 'disconnected');
      if (error instanceof AppError) {
        // The Cloud API answered and refused (unknown id, bad token, missing permission): the data is wrong.
        throw new AppError('ERR_VALIDATION', `${WABA_DATA_INCORRECT}.`, { settings: [error.message] }, error.details);
      }
      throw new AppError(
        'ERR_WAPP_NOT_INITIALIZED',
        `The WhatsApp Cloud API could not be reached at ${settings.baseUrl}; try starting the channel again.`,
      );
    }
    const digits = phone.display_phone_number?.replace(/\D/g, '');
    await setStatus(ctx, channel, 'connected', !channel.number && digits && digits.length >= 8 && digits.length <= 15 ? digits : undefined);
  },

  async stop(ctx, channel) {
    await setStatus(ctx, channel, 'disconnected');
  },

  send: sendWabaMessage,
  sendRich: sendWabaRich,
  listTemplates: listWabaTemplates,
  // Every send carries its message id as biz_opaque_callback_data, which each status callback returns.
  confirmsEverySend: true,

  webhookRoutes: wabaWebhookRoutes,
};
