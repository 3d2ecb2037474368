import type { z } from 'zod';
import { whatsappSettingsSchema } from '@conversa/shared';
import type { ChannelRow } from '../../channels.repository.js';

/** A `whatsapp` channel's settings (pairing number, history): shared with the channel form (@conversa/shared). */
export { whatsappSettingsSchema };
export type WhatsappSettings = z.infer<typeof whatsappSettingsSchema>;

/** The stored settings of a channel (validated when the channel was saved; anything odd is ignored). */
export function whatsappSettingsOf(channel: ChannelRow): WhatsappSettings {
  const parsed = whatsappSettingsSchema.safeParse(channel.settings ?? {});
  return parsed.success ? parsed.data : {};
}
