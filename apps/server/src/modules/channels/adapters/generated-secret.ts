import { randomBytes } from 'node:crypto';
import type { z } from 'zod';

/**
 * A type's shared settings schema (@conversa/shared: browser-safe, the secret optional) with the
 * webhook secret the server generates when the settings have none: `bytes` random bytes, base64url.
 */
export function withGeneratedWebhookSecret<S extends z.ZodType<{ webhookSecret?: string }>>(schema: S, bytes: number) {
  return schema.transform((settings) => ({
    ...settings,
    webhookSecret: settings.webhookSecret ?? randomBytes(bytes).toString('base64url'),
  }));
}
