import type { AppContext } from '../../../../app-context.js';
import { secretPathWebhookRoutes } from '../secret-path-webhook.js';
import { MeowUnavailableError } from './meow.client.js';
import { handleMeowEvent, meowEventOf } from './meow.inbound.js';
import { meowSettingsSchema, meowWebhookBodySchema } from './meow.schemas.js';

/**
 * WuzAPI's webhook (mounted at /webhooks/meow): POST /{publicKey}/{webhookSecret}, form-encoded
 * (WEBHOOK_FORMAT=form, WuzAPI's default) or JSON.
 */
export const meowWebhookRoutes = (ctx: AppContext) =>
  secretPathWebhookRoutes(ctx, {
    type: 'meow',
    settingsSchema: meowSettingsSchema,
    bodySchema: meowWebhookBodySchema,
    description:
      "WuzAPI's user webhook (set by the channel's start). Form fields jsonData + token (WEBHOOK_FORMAT=form) or the event as JSON.",
    // Media arrive inline (base64): room for a 16 MB file, base64-encoded and form-encoded, plus the event.
    bodyLimit: 40 * 1024 * 1024,
    acceptForm: true,
    handle: (context, channel, body) => handleMeowEvent(context, channel, meowEventOf(body)),
    unavailable: { error: MeowUnavailableError, message: 'The WuzAPI server did not answer; deliver the event again later.' },
  });
