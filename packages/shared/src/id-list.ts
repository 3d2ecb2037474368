import { z } from 'zod';

/** The largest id: PostgreSQL's integer, the type of every table's id. */
export const MAX_ID = 2_147_483_647;

/**
 * A query string's list of ids (`?queueIds=1,2` or repeated `?queueIds=1&queueIds=2`): positive
 * integers up to MAX_ID (a larger one would reach the database as an out-of-range value), each once,
 * at most `max` of them.
 */
export function idListQuery(max: number) {
  return z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return undefined;
      const parts = (Array.isArray(value) ? value : value.split(',')).map((part) => part.trim()).filter(Boolean);
      const ids = parts.map(Number);
      if (ids.some((id) => !Number.isSafeInteger(id) || id <= 0 || id > MAX_ID)) {
        ctx.addIssue({ code: 'custom', message: `A comma-separated list of ids (positive integers up to ${MAX_ID}).` });
        return z.NEVER;
      }
      return [...new Set(ids)].slice(0, max);
    });
}
