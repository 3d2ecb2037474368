import type { createQuickMessageBodySchema, updateQuickMessageBodySchema } from '@conversa/shared';
import type { z } from 'zod';

/** Request schemas of the quick-message routes: in @conversa/shared (the web app's form checks with the same ones). */
export { createQuickMessageBodySchema, quickMessageSchema, quickMessageUploadSchema, updateQuickMessageBodySchema } from '@conversa/shared';

export type CreateQuickMessageInput = z.output<typeof createQuickMessageBodySchema>;
export type UpdateQuickMessageInput = z.output<typeof updateQuickMessageBodySchema>;
