import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';

/** A typed durable job: a name, a zod payload and a handler. */
export interface JobDefinition<Name extends string, Schema extends z.ZodType> {
  name: Name;
  schema: Schema;
  retryLimit?: number;
  retryDelaySeconds?: number;
  handler(ctx: AppContext, data: z.output<Schema>): Promise<void>;
}

export function defineJob<Name extends string, Schema extends z.ZodType>(definition: JobDefinition<Name, Schema>) {
  return definition;
}
