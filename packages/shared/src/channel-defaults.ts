import { z } from 'zod';
import type { ChannelType } from './enums.js';
import { CHANNEL_DEFAULT_KINDS, type ChannelDefaultKind } from './enums.js';

/**
 * Channel defaults (SPEC §2 settings tabs meta, hub, wuzapi, evolution; issue 13): per company, the
 * gateway address and credentials that new channels of that kind inherit, so that admins do not
 * type them again for every channel. A field a new channel leaves out (or sends masked) takes the
 * default. Secrets are sealed at rest and masked in answers.
 */

/** The channel type each settings tab gives defaults to. */
export const CHANNEL_TYPE_OF_DEFAULTS = {
  meta: 'waba',
  hub: 'hub',
  wuzapi: 'meow',
  evolution: 'evolution',
} as const satisfies Record<ChannelDefaultKind, ChannelType>;

/** What a stored secret looks like in answers; sent back unchanged, it keeps the stored one. */
export const CHANNEL_DEFAULT_SECRET_MASK = '••••••';

/** An optional field: '' clears it. */
const optional = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]).optional();

const baseUrl = optional(
  z
    .url({ protocol: /^https?$/, error: 'An http(s) URL.' })
    .max(500)
    .transform((url) => url.replace(/\/+$/, '')),
);
const secret = optional(z.string().trim().min(1).max(2048));

/** Each kind's fields: the names are those of the channel type's settings (forms/channel-settings.ts). */
export const CHANNEL_DEFAULTS_SCHEMAS = {
  meta: z.object({
    baseUrl,
    apiVersion: optional(
      z
        .string()
        .trim()
        .regex(/^v\d{1,2}\.\d$/, "A Graph API version such as 'v21.0'."),
    ),
    businessAccountId: optional(
      z
        .string()
        .trim()
        .regex(/^\d{5,30}$/, 'The WhatsApp Business Account ID shown by Meta (digits).'),
    ),
    /** The Meta app's access token (a system user token). */
    token: secret,
    /** The Meta app's secret (App settings → Basic): checks webhook signatures. */
    appSecret: secret,
    verifyToken: secret,
  }),
  hub: z.object({ baseUrl, token: secret }),
  wuzapi: z.object({ baseUrl, token: secret }),
  evolution: z.object({ baseUrl, apiKey: secret }),
} satisfies Record<ChannelDefaultKind, z.ZodType>;

export type ChannelDefaultsBody<K extends ChannelDefaultKind = ChannelDefaultKind> = z.input<(typeof CHANNEL_DEFAULTS_SCHEMAS)[K]>;

export const channelDefaultsKindParamsSchema = z.object({ kind: z.enum(CHANNEL_DEFAULT_KINDS) });

const defaultsValues = z.record(z.string(), z.string());

/** GET /settings/channel-defaults: every kind's stored fields (secrets masked); {} for a kind without defaults. */
export const channelDefaultsSchema = z.object({
  meta: defaultsValues,
  hub: defaultsValues,
  wuzapi: defaultsValues,
  evolution: defaultsValues,
});
export type ChannelDefaults = z.infer<typeof channelDefaultsSchema>;
