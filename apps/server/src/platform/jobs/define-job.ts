import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { Database } from '../db/client.js';

/**
 * Each job's payload by name. Modules add theirs where they define the job (declaration merging),
 * so that `jobs.send(name, payload)` is typed without the platform knowing any module.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface JobPayloads {}

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
  /**
   * How many jobs of this queue one process runs at once (default 10). Free slots are refilled in
   * batches, one fetch for many jobs; each job is completed on its own as soon as it finishes.
   */
  concurrency?: number;
  /** How often an idle process looks for jobs (a job sent from this process wakes it at once). */
  pollingIntervalSeconds?: number;
  /**
   * pg-boss queue policy: 'stately' keeps at most one queued and one active job per singletonKey
   * (a per-key loop that two nodes never run at once). Default 'standard'.
   */
  policy?: 'standard' | 'short' | 'singleton' | 'stately';
  /** Run on this schedule (cron, UTC) in addition to explicit sends. */
  cron?: string;
  /** Registered only on this kind of database (absent: on both). */
  database?: Database['kind'];
  /**
   * Throwing schedules a retry (with backoff) until the limit; `attempt.last` tells the final try.
   * A job may run again after its process died mid-run (see jobs.ts): handlers must be idempotent.
   */
  handler(ctx: AppContext, data: z.output<Schema>, attempt: JobAttempt): Promise<void>;
}

export function defineJob<Name extends string, Schema extends z.ZodType>(definition: JobDefinition<Name, Schema>) {
  return definition;
}

/**
 * A scheduled clean-up: on `cron`, `purge` deletes what its retention lets go and answers how many;
 * when any, the count is logged as "purged <what>" (at `level`, info unless said). One retry: the
 * next run takes what a failed one left.
 */
export function definePurgeJob<Name extends string>(options: {
  name: Name;
  cron: string;
  purge: (ctx: AppContext) => Promise<number>;
  what: string;
  level?: 'info' | 'debug';
}) {
  return defineJob({
    name: options.name,
    schema: z.looseObject({}),
    cron: options.cron,
    retryLimit: 1,
    async handler(ctx) {
      const purged = await options.purge(ctx);
      if (purged > 0) ctx.logger[options.level ?? 'info']({ purged }, `purged ${options.what}`);
    },
  });
}

/** Any job definition, as the platform runs it. */
export type AnyJobDefinition = JobDefinition<string, z.ZodType>;
