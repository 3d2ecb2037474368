import type { z } from 'zod';
import { baileysSettingsSchema } from '@conversa/shared';

/** A `baileys` channel's settings (proxy, pairing number, history): shared with the channel form (@conversa/shared). */
export { baileysSettingsSchema };
export type BaileysSettings = z.infer<typeof baileysSettingsSchema>;

/** The settings stored on a channel row (validated when saved; defaults if the row predates a key). */
export function baileysSettingsOf(settings: Record<string, unknown>): BaileysSettings {
  const parsed = baileysSettingsSchema.safeParse(settings);
  return parsed.success ? parsed.data : { useProxy: 'false' };
}
