import type { AppContext } from '../../app-context.js';
import { SecretUnreadableError, type SecretBox } from '../../platform/crypto/secret-box.js';
import type { ChannelRow } from './channels.repository.js';

/**
 * Secrets inside a channel's per-type settings (tokens, app secrets, API keys, proxy passwords,
 * webhook and verify secrets): by name, so a setting added later is covered. They are sealed in the
 * database (SecretBox), opened only where an adapter uses them (`channelSettings`), and never
 * answered: the API and socket pushes show SECRET_MASK.
 */
export const SECRET_SETTING = /token|secret|password|key$/i;

/** What a set secret looks like in answers; sent back unchanged in an edit, it keeps the stored value. */
export const SECRET_MASK = '••••••';

const isSecret = (key: string, value: unknown): value is string => SECRET_SETTING.test(key) && typeof value === 'string' && value !== '';

/** The settings with every secret sealed (already sealed ones kept). */
export function sealChannelSecrets(box: SecretBox, settings: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(settings).map(([key, value]) => [key, isSecret(key, value) && !box.isSealed(value) ? box.seal(value, key) : value]),
  );
}

/**
 * The settings with every sealed secret opened. A secret that cannot be opened (the key changed) is
 * left out: the adapter then finds its settings incomplete and says so, and an edit can set it again.
 */
export function openChannelSecrets(box: SecretBox, settings: Record<string, unknown>): Record<string, unknown> {
  const opened: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(settings)) {
    if (!box.isSealed(value)) opened[key] = value;
    else {
      try {
        opened[key] = box.open(value, key);
      } catch (error) {
        if (!(error instanceof SecretUnreadableError)) throw error;
      }
    }
  }
  return opened;
}

/** A channel's settings as its adapter needs them, secrets in clear: for the adapter's own use only. */
export function channelSettings(ctx: Pick<AppContext, 'secretBox'>, channel: Pick<ChannelRow, 'settings'>): Record<string, unknown> {
  return openChannelSecrets(ctx.secretBox, channel.settings ?? {});
}

/** The settings as answers show them: secrets masked. */
export function maskChannelSecrets(settings: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(settings).map(([key, value]) => [key, SECRET_SETTING.test(key) && value ? SECRET_MASK : value]));
}

/** Whether any secret of the settings is stored in clear (written before encryption at rest). */
export function hasClearSecrets(box: SecretBox, settings: Record<string, unknown>): boolean {
  return Object.entries(settings).some(([key, value]) => isSecret(key, value) && !box.isSealed(value));
}
