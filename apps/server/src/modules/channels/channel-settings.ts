import type { ChannelAdapter } from './adapters/channel-adapter.js';
import { AppError } from '../../platform/http/app-error.js';
import { zodFieldProblems } from '../../platform/http/field-issues.js';
import { MAX_SETTINGS_JSON } from './channels.schemas.js';
import { SECRET_MASK } from './channel-secrets.js';

type SettingsInput = Record<string, unknown> | string;

/** The settings object of a request: JSON text is parsed; text that is not a JSON object is refused (SPEC §5). */
export function settingsObject(input: SettingsInput | undefined): Record<string, unknown> {
  if (input === undefined) return {};
  let value: unknown = input;
  if (typeof input === 'string') {
    if (input.trim() === '') return {};
    try {
      value = JSON.parse(input);
    } catch {
      throw new AppError('ERR_INVALID_JSON', undefined, {
        settings: ['The entered JSON format is invalid. Please correct and try again.'],
      });
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new AppError('ERR_INVALID_JSON', undefined, { settings: ['Must be a JSON object.'] });
  }
  if (JSON.stringify(value).length > MAX_SETTINGS_JSON)
    throw new AppError('ERR_VALIDATION', 'The settings are too large.', { settings: [`At most ${MAX_SETTINGS_JSON / 1024} KiB of JSON.`] });
  return value as Record<string, unknown>;
}

/**
 * Settings checked by the channel type's own schema. On an edit the given keys are laid over the
 * stored ones, and a secret sent back masked as the API shows it keeps its stored value.
 */
export function validSettings(
  adapter: ChannelAdapter,
  input: Record<string, unknown>,
  stored: Record<string, unknown> = {},
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...stored };
  for (const [key, value] of Object.entries(input)) {
    if (value === SECRET_MASK && key in stored) continue;
    merged[key] = value;
  }
  const parsed = adapter.settingsSchema.safeParse(merged);
  if (!parsed.success) {
    const fields = zodFieldProblems(parsed.error.issues, { input: merged, prefix: 'settings' });
    throw new AppError('ERR_VALIDATION', `Invalid settings for a ${adapter.type} channel: ${Object.keys(fields).join(', ')}.`, fields);
  }
  return parsed.data;
}
