import type { createTagBodySchema, updateTagBodySchema } from '@conversa/shared';
import type { z } from 'zod';

/** Request schemas of the tag routes: in @conversa/shared (the web app's form checks with the same ones). */
export { createTagBodySchema, setTagsBodySchema, tagRefSchema, tagSchema, tagUsageSchema, updateTagBodySchema } from '@conversa/shared';

export type CreateTagInput = z.output<typeof createTagBodySchema>;
export type UpdateTagInput = z.output<typeof updateTagBodySchema>;
