import { AUTO_DISTRIBUTION, CHANNEL_TYPES, refIdSchema } from '@conversa/shared';
import { z } from 'zod';

/** Request schemas of the channel routes (SPEC §3 Channel). Answers use `channelSchema` of @conversa/shared. */

export const MAX_SETTINGS_JSON = 64 * 1024;

/**
 * Per-type settings: an object, or the JSON text of one (the channel modal edits JSON in a text
 * field). Checked by the use case against the type's schema (adapterFor(type).settingsSchema).
 */
const settingsInputSchema = z
  .union([z.record(z.string().max(100), z.unknown()), z.string().max(MAX_SETTINGS_JSON)])
  .describe("The channel type's settings: an object or its JSON text.");

const blankToNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), schema.nullable());

const channelFields = {
  name: z.string().trim().min(1).max(100),
  type: z.enum(CHANNEL_TYPES),
  /** With the country code; normalised to digits. Channels without numbers (web chat) leave it out. */
  number: blankToNull(z.string().trim().max(40)).optional(),
  isDefault: z.boolean().optional(),
  queueId: refIdSchema.nullable().optional(),
  farewellMessage: blankToNull(z.string().max(4096)).optional(),
  autoDistribution: z.enum(AUTO_DISTRIBUTION).optional(),
  settings: settingsInputSchema.optional(),
};

export const createChannelBodySchema = z.object(channelFields);
export type CreateChannelInput = z.output<typeof createChannelBodySchema>;

export const updateChannelBodySchema = z.object(channelFields).partial();
export type UpdateChannelInput = z.output<typeof updateChannelBodySchema>;
