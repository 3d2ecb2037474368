import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';

export interface JobAttempt {
  number: number;
  last: boolean;
}

/** A typed durable job: a name, a zod payload and a handler. */
export interface JobDefinition<Name extends string, Schema extends z.ZodType> {
  name: Name;
  schema: Schema;
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** How many jobs a worker takes at once (run concurrently), and how often it polls when idle. */
  batchSize?: number;
  pollingIntervalSeconds?: number;
  /** Workers of this queue in each process (default 1); more keep a backlog flowing between batches. */
  workersPerNode?: number;
  /**
   * pg-boss queue policy: 'stately' keeps at most one queued and one active job per singletonKey
   * (a per-key loop that two nodes never run at once). Default 'standard'.
   */
  policy?: 'standard' | 'short' | 'singleton' | 'stately';
  /** An active job not finished after this long (its node died) is failed and retried. Default 15 min. */
  expireInSeconds?: number;
  /** Run on this schedule (cron, UTC) in addition to explicit sends. */
  cron?: string;
  /** Throwing schedules a retry (with backoff) until the limit; `attempt.last` tells the final try. */
  handler(ctx: AppContext, data: z.output<Schema>, attempt: JobAttempt): Promise<void>;
}

export function defineJob<Name extends string, Schema extends z.ZodType>(definition: JobDefinition<Name, Schema>) {
  return definition;
}
