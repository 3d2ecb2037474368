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
 * JSON text made elsewhere (by PostgreSQL, for the hottest list) that an answer carries without it
 * being parsed and serialised again: `jsonTextSerializer` writes it in place.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/**
 * `text`, the JSON of a `T`, typed as that `T` so that the handler's return type is still checked
 * against the route's response schema. Only a route serialised by `jsonTextSerializer` may return it.
 */
export const jsonText = <T>(text: string): T => new JsonText(text) as unknown as T;

/**
 * For the hottest list routes: the answer is serialised as is, without the runtime zod check of
 * every item (about a tenth of a 40-ticket list's CPU). The handler's return type is still checked
 * against the response schema at compile time, and the schema still documents the route. Top-level
 * fields that are JsonText (`jsonText`) are spliced in as they are; the others are
 * `JSON.stringify`'d (undefined ones left out, as JSON.stringify does).
 */
export const jsonTextSerializer = () => (data: unknown) => {
  if (data instanceof JsonText) return data.text;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return JSON.stringify(data);
  let body = '';
  for (const [key, value] of Object.entries(data)) {
    const text = value instanceof JsonText ? value.text : JSON.stringify(value);
    if (text === undefined) continue;
    body += `${body ? ',' : ''}${JSON.stringify(key)}:${text}`;
  }
  return `{${body}}`;
};
