import { hubSettingsSchema as sharedHubSettingsSchema } from '@conversa/shared';
import { z } from 'zod';
import { withGeneratedWebhookSecret } from '../generated-secret.js';

export { HUB_CHANNEL_KINDS, HUB_DEFAULT_BASE_URL, type HubChannelKind } from '@conversa/shared';

/**
 * A `hub` channel's settings (NotificaMe Hub): shared with the channel form (@conversa/shared).
 * NotificaMe does not sign its webhooks, so the webhook URL carries a random secret path segment
 * (`webhookSecret`, generated here), compared timing-safe before the body is read.
 */
export const hubSettingsSchema = withGeneratedWebhookSecret(sharedHubSettingsSchema, 24);
export type HubSettings = z.infer<typeof hubSettingsSchema>;

const contentSchema = z.looseObject({
  type: z.string().max(50),
  text: z.string().max(65_536).nullish(),
  fileUrl: z.string().max(4000).nullish(),
  fileMimeType: z.string().max(200).nullish(),
  fileName: z.string().max(500).nullish(),
  fileCaption: z.string().max(65_536).nullish(),
});
export type HubContent = z.infer<typeof contentSchema>;

/** The Zenvia API v2 events NotificaMe posts (MESSAGE, MESSAGE_STATUS); other fields are kept. */
export const hubWebhookBodySchema = z.looseObject({
  id: z.string().max(200).optional(),
  type: z.string().min(1).max(50),
  timestamp: z.string().max(100).optional(),
  subscriptionId: z.string().max(200).optional(),
  channel: z.string().max(50).optional(),
  direction: z.string().max(10).optional(),
  message: z
    .looseObject({
      id: z.string().min(1).max(200),
      from: z.string().min(1).max(200),
      to: z.string().max(200).optional(),
      direction: z.string().max(10).optional(),
      channel: z.string().max(50).optional(),
      contents: z.array(contentSchema).max(20).default([]),
      visitor: z
        .looseObject({
          name: z.string().max(500).nullish(),
          firstName: z.string().max(500).nullish(),
          lastName: z.string().max(500).nullish(),
          picture: z.string().max(4000).nullish(),
        })
        .nullish(),
      timestamp: z.string().max(100).optional(),
    })
    .optional(),
  messageId: z.string().max(200).optional(),
  contentIndex: z.number().optional(),
  messageStatus: z
    .looseObject({ code: z.string().max(50), description: z.string().max(2000).nullish(), timestamp: z.string().max(100).optional() })
    .optional(),
});
export type HubWebhookBody = z.infer<typeof hubWebhookBodySchema>;

// ---- REST answers ----

export const channelListSchema = z.array(
  z.looseObject({ id: z.string().min(1), name: z.string().nullish(), channel: z.string().nullish() }),
);
export const subscriptionListSchema = z.array(
  z.looseObject({
    id: z.string().min(1),
    eventType: z.string().nullish(),
    webhook: z.looseObject({ url: z.string() }).nullish(),
    criteria: z.looseObject({ channel: z.string().nullish() }).nullish(),
  }),
);
export const sentAnswerSchema = z.looseObject({ id: z.string().min(1) });
