import type { AppContext } from '../../../../app-context.js';
import { secretPathWebhookRoutes } from '../secret-path-webhook.js';
import { HubUnavailableError } from './hub.client.js';
import { handleHubEvent } from './hub.inbound.js';
import { hubSettingsSchema, hubWebhookBodySchema } from './hub.schemas.js';

/**
 * NotificaMe Hub's webhook (mounted at /webhooks/hub): POST /{publicKey}/{webhookSecret}, JSON
 * (Zenvia API v2 events). NotificaMe documents no signature, so the secret path authenticates it
 * (the same scheme as Evolution and WuzAPI).
 */
export const hubWebhookRoutes = (ctx: AppContext) =>
  secretPathWebhookRoutes(ctx, {
    type: 'hub',
    settingsSchema: hubSettingsSchema,
    bodySchema: hubWebhookBodySchema,
    description: "NotificaMe Hub's subscription webhook (MESSAGE and MESSAGE_STATUS events, registered by the channel's start).",
    handle: handleHubEvent,
    unavailable: { error: HubUnavailableError, message: "NotificaMe's file could not be fetched; deliver the event again later." },
  });
