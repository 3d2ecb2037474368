import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../../../app-context.js';
import { AppError } from '../../../../platform/http/app-error.js';
import type { ChannelRow } from '../../channels.repository.js';
import { telegramSettingsSchema, type TelegramSettings } from './telegram.schemas.js';
import { channelSettings } from '../../channel-secrets.js';

/**
 * The webhook secret of a channel whose stored settings lack one (a row written by hand or by an
 * older version): derived from its public key, so every process agrees on it without storing it.
 */
export function derivedWebhookSecret(ctx: Pick<AppContext, 'secrets'>, publicKey: string): string {
  return createHmac('sha256', ctx.secrets.jwtRefreshSecret).update(`telegram-webhook:${publicKey}`).digest('base64url');
}

/** The stored settings of a Telegram channel, checked; a channel without a valid token cannot work. */
export function readTelegramSettings(
  ctx: Pick<AppContext, 'secrets' | 'secretBox'>,
  channel: Pick<ChannelRow, 'settings' | 'publicKey'>,
): TelegramSettings {
  const stored = channelSettings(ctx, channel);
  if (typeof stored.webhookSecret !== 'string' || stored.webhookSecret === '')
    stored.webhookSecret = derivedWebhookSecret(ctx, channel.publicKey);
  const parsed = telegramSettingsSchema.safeParse(stored);
  if (!parsed.success)
    throw new AppError('ERR_WAPP_NOT_INITIALIZED', 'The Telegram settings of this channel are invalid: Telegram channel needs a token.');
  return parsed.data;
}

/** Timing-safe comparison of the X-Telegram-Bot-Api-Secret-Token header with the channel's secret. */
export function secretMatches(expected: string, given: string | undefined): boolean {
  if (given === undefined) return false;
  const a = createHmac('sha256', 'telegram-secret-compare').update(expected).digest();
  const b = createHmac('sha256', 'telegram-secret-compare').update(given).digest();
  return timingSafeEqual(a, b);
}
