import { z } from 'zod';
import { refIdSchema } from '../contracts.js';

/**
 * Tags (SPEC §3 Tag: name, color, active), put on tickets and contacts. Routes as the peer
 * products': GET/POST /tags, PUT/DELETE /tags/{id}, GET /tags/{id}/usage; a ticket's or a contact's
 * set is replaced with PUT /tickets/{id}/tags and PUT /contacts/{id}/tags ({ tagIds }).
 */

export const TAG_NAME_MAX = 60;
/** How many tags one ticket or contact may carry (a bound for the request, not a product rule). */
export const MAX_TAGS_PER_ITEM = 50;

export const tagNameSchema = z.string().trim().min(1).max(TAG_NAME_MAX);
export const tagColorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'A color as #RRGGBB.')
  .transform((color) => color.toLowerCase());

export const tagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Tag = z.infer<typeof tagSchema>;

/** GET /tags/{id}/usage: what deleting the tag would detach it from. */
export const tagUsageSchema = z.object({ tickets: z.number().int(), contacts: z.number().int() });
export type TagUsage = z.infer<typeof tagUsageSchema>;

export const createTagBodySchema = z.object({
  name: tagNameSchema,
  color: tagColorSchema,
  isActive: z.boolean().default(true),
});

export const updateTagBodySchema = z.object({
  name: tagNameSchema.optional(),
  color: tagColorSchema.optional(),
  isActive: z.boolean().optional(),
});

/** Replaces the set of tags of a ticket or a contact. */
export const setTagsBodySchema = z.object({
  tagIds: z.array(refIdSchema).max(MAX_TAGS_PER_ITEM),
});

export type CreateTagBody = z.input<typeof createTagBodySchema>;
export type UpdateTagBody = z.input<typeof updateTagBodySchema>;
