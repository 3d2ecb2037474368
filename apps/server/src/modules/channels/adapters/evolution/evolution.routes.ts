import type { AppContext } from '../../../../app-context.js';
import { secretPathWebhookRoutes } from '../secret-path-webhook.js';
import { EvolutionUnavailableError } from './evolution.client.js';
import { handleEvolutionEvent } from './evolution.inbound.js';
import { evolutionSettingsSchema, evolutionWebhookBodySchema } from './evolution.schemas.js';

/**
 * Evolution API's webhook (mounted at /webhooks/evolution): POST /{publicKey}/{webhookSecret}
 * (one URL for every event: the channel sets byEvents false). Evolution may deliver an event
 * again; the (channel, message id) unique index makes it a no-op, and a repeated MESSAGES_SET
 * chunk adds nothing (the history import skips stored ids). Answered after the commit.
 */
export const evolutionWebhookRoutes = (ctx: AppContext) =>
  secretPathWebhookRoutes(ctx, {
    type: 'evolution',
    settingsSchema: evolutionSettingsSchema,
    bodySchema: evolutionWebhookBodySchema,
    description: "Evolution API's instance webhook (set by the channel's start, byEvents false, base64 true).",
    // Media arrive inline (webhook base64): room for a 16 MB file, base64-encoded, plus the envelope
    // (and for a history chunk: MESSAGES_SET carries no files, only many messages).
    bodyLimit: 24 * 1024 * 1024,
    handle: handleEvolutionEvent,
    // Evolution itself is down while we fetch a media: ask for the delivery again later.
    unavailable: { error: EvolutionUnavailableError, message: 'The Evolution server did not answer; deliver the event again later.' },
  });
