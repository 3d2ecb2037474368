import { z } from 'zod';
import { checkHistoryImport, historyImportFields } from '../../history-import.js';

/** A boolean flag as the channel form sends it (a select of 'true'/'false') or as JSON. */
const flag = z.preprocess((value) => (typeof value === 'boolean' ? String(value) : value), z.enum(['true', 'false'])).default('false');

/**
 * A `baileys` channel's settings (SPEC §3 Channel: proxy use flag, url, user, password; pairing
 * code). Flat keys, as the channel form edits them; `proxyPassword` is masked in answers.
 */
export const baileysSettingsSchema = z
  .object({
    useProxy: flag,
    /** http://, https://, socks4:// or socks5:// host and port of the proxy WhatsApp traffic goes through. */
    proxyUrl: z
      .string()
      .trim()
      .max(500)
      .refine(
        (value) => value === '' || /^(https?|socks[45]h?):\/\/[^\s/?#]+(:\d+)?\/?$/i.test(value),
        'An http(s):// or socks5:// address: scheme, host and port.',
      )
      .optional(),
    proxyUser: z.string().max(200).optional(),
    proxyPassword: z.string().max(500).optional(),
    /** Log in with a pairing code sent to this number (digits with country code) instead of a QR code. */
    pairingNumber: z
      .string()
      .trim()
      .regex(/^(\d{8,15})?$/, 'Digits with the country code, 8 to 15 of them.')
      .optional(),
    /** Past messages (the phone's history sync on pairing) and group chats: see history-import.ts. */
    ...historyImportFields,
  })
  .refine((settings) => settings.useProxy !== 'true' || !!settings.proxyUrl, {
    path: ['proxyUrl'],
    message: 'The proxy address is required when the proxy is used.',
  })
  .superRefine(checkHistoryImport);
export type BaileysSettings = z.infer<typeof baileysSettingsSchema>;

/** The settings stored on a channel row (validated when saved; defaults if the row predates a key). */
export function baileysSettingsOf(settings: Record<string, unknown>): BaileysSettings {
  const parsed = baileysSettingsSchema.safeParse(settings);
  return parsed.success ? parsed.data : { useProxy: 'false' };
}
