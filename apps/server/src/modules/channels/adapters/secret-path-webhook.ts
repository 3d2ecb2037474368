import type { ChannelType } from '@conversa/shared';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { sameSecret } from '../../../platform/http/same-secret.js';
import { findChannelByPublicKey, type ChannelRow } from '../channels.repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The channel a secret-path webhook authenticated as (set by its onRequest hook). */
    webhookChannel: ChannelRow | null;
  }
}

/**
 * For providers that do not sign their webhooks (Evolution, WuzAPI): the path names the channel
 * (public key) and carries its webhook secret, checked timing-safe before the body is read.
 * Anything else (unknown key, another type, wrong secret) is the same 401.
 */
export function authenticateSecretPathWebhook(
  ctx: AppContext,
  type: ChannelType,
  paramsSchema: z.ZodType<{ publicKey: string; secret: string }>,
  settingsSchema: z.ZodType<{ webhookSecret?: string }>,
) {
  return async (request: FastifyRequest) => {
    const params = paramsSchema.safeParse(request.params);
    const channel = params.success ? await findChannelByPublicKey(ctx.db, params.data.publicKey) : undefined;
    const settings = channel?.type === type ? settingsSchema.safeParse(channel.settings ?? {}) : undefined;
    const expected = settings?.success ? settings.data.webhookSecret : undefined;
    if (!sameSecret(params.success ? params.data.secret : '', expected) || !channel) {
      throw new AppError('ERR_INVALID_TOKEN', 'Unknown channel or wrong webhook secret.');
    }
    request.webhookChannel = channel;
  };
}
