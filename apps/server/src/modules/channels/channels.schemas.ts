import { createChannelBodySchema, updateChannelBodySchema } from '@conversa/shared';
import type { z } from 'zod';

/**
 * Request schemas of the channel routes (SPEC §3 Channel): defined in @conversa/shared (the web app's
 * channel form checks with the same ones). Answers use `channelSchema` of @conversa/shared.
 */
export { createChannelBodySchema, MAX_SETTINGS_JSON, updateChannelBodySchema } from '@conversa/shared';

export type CreateChannelInput = z.output<typeof createChannelBodySchema>;
export type UpdateChannelInput = z.output<typeof updateChannelBodySchema>;
