import { z } from 'zod';

/** Forms send '' for an emptied field: it means "none" (null). */
export const blankToNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), schema.nullable());
