import type { autoReplyBodySchema } from '@conversa/shared';
import type { z } from 'zod';

/** Request schemas of the auto-reply routes: defined in @conversa/shared (the web form checks with the same one). */
export { autoReplyBodySchema, autoReplySchema } from '@conversa/shared';
export type AutoReplyInput = z.output<typeof autoReplyBodySchema>;
