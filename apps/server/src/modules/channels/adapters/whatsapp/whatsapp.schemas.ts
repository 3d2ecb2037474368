import { z } from 'zod';
import { checkHistoryImport, historyImportFields } from '../../history-import.js';
import type { ChannelRow } from '../../channels.repository.js';

/**
 * Settings of a `whatsapp` channel (whatsapp-web.js). Nothing secret: the login lives in the
 * session's auth state in the database (channel_auth_state, category 'wwebjs').
 */
export const whatsappSettingsSchema = z
  .object({
    /** Log in with a pairing code for this number (digits with the country code) instead of a QR code. */
    pairingNumber: z
      .string()
      .regex(/^\d{8,15}$/, 'Digits with the country code, 8 to 15 of them.')
      .optional(),
    /** Past messages (read from the chats once connected) and group chats: see history-import.ts. */
    ...historyImportFields,
  })
  .superRefine(checkHistoryImport);

export type WhatsappSettings = z.infer<typeof whatsappSettingsSchema>;

/** The stored settings of a channel (validated when the channel was saved; anything odd is ignored). */
export function whatsappSettingsOf(channel: ChannelRow): WhatsappSettings {
  const parsed = whatsappSettingsSchema.safeParse(channel.settings ?? {});
  return parsed.success ? parsed.data : {};
}
