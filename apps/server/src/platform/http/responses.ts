import { z } from 'zod';

/** Why a field was refused, as codes a client translates (FieldIssue of packages/shared). */
export const fieldIssueSchema = z.object({
  code: z.string(),
  origin: z.string().optional(),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  inclusive: z.boolean().optional(),
  format: z.string().optional(),
  rule: z.string().optional(),
});

export const errorBodySchema = z.object({
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
  issues: z.record(z.string(), z.array(fieldIssueSchema)).optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});

/** Documented error answers shared by every route. */
export const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
} as const;

export const messageSchema = z.object({ message: z.string() });

/**
 * For the hottest list routes: the answer is serialised as is, without the runtime zod check of
 * every item (about a tenth of a 40-ticket list's CPU). The handler's return type is still checked
 * against the response schema at compile time, and the schema still documents the route.
 */
export const typedJsonSerializer = () => (data: unknown) => JSON.stringify(data);
