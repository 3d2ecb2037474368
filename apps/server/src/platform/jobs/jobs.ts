import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { Db, SqlExecutor } from '../db/client.js';
import { executorFor } from '../db/raw-executor.js';
import { jobDefinitions } from './registry.js';
export { defineJob, type JobAttempt, type JobDefinition } from './define-job.js';
import type { JobAttempt } from './define-job.js';

type Definitions = (typeof jobDefinitions)[number];
export type JobName = Definitions['name'];
export type JobPayload<N extends JobName> = z.input<Extract<Definitions, { name: N }>['schema']>;

export interface SendOptions {
  startAfter?: Date | number;
  singletonKey?: string;
  /** Enqueue inside this transaction: the job exists if and only if the transaction commits. */
  tx?: Db;
}

/**
 * A queue created at run time (e.g. one per channel session), beside the registered job
 * definitions. Its jobs are plain JSON, not validated by a schema.
 */
export interface DynamicQueueOptions {
  /** Retries after a failed or expired attempt. Default 0: the sender decides what to do. */
  retryLimit?: number;
  /** First delay before a retry, growing with backoff. Default: retry at once. */
  retryDelaySeconds?: number;
  /** An active job not finished after this long (its process died) is failed. Default 15 min. */
  expireInSeconds?: number;
  /** How long a job may wait in the queue (created or retry) before pg-boss drops it. Default 14 days. */
  retentionMinutes?: number;
}

/** A job of a dynamic queue as read back by its sender: its state and, once finished, its output. */
export interface DynamicJob {
  id: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  /** The handler's return value once completed; the error once failed. */
  output: unknown;
}

/** This process working one dynamic queue. */
export interface DynamicWorker {
  readonly id: string;
  /** Fetches at once instead of sleeping out the polling interval (a job was just sent). */
  notify(): void;
  /**
   * Stops fetching at once (this worker only; others of the same queue go on). A handler already
   * running finishes on its own (Jobs.stop waits for it); stopping from inside it is safe.
   */
  stop(): Promise<void>;
}

const SCHEMA = 'pgboss';

/** pg-boss on the application database (PGlite through its `db` option, or the PostgreSQL server). */
export class Jobs {
  private readonly boss: PgBoss;
  private started = false;
  private readonly workers = new Map<string, string[]>();
  private readonly toWake = new Set<string>();
  private readonly dynamicQueues = new Set<string>();
  private readonly dynamicWorkers = new Set<string>();

  constructor(
    private readonly executor: SqlExecutor,
    private readonly logger: Logger,
    private readonly options: { pollingIntervalSeconds?: number } = {},
  ) {
    this.boss = new PgBoss({ db: executor, schema: SCHEMA, supervise: true, schedule: true });
    this.boss.on('error', (error) => this.logger.error({ err: error }, 'job queue error'));
  }

  /** Installs the queue schema and creates every queue; `workers` starts the handlers (worker role). */
  async start(ctx: AppContext, { workers }: { workers: boolean }): Promise<void> {
    await this.boss.start();
    this.started = true;
    for (const definition of jobDefinitions) {
      await this.boss.createQueue(definition.name, {
        name: definition.name,
        retryLimit: definition.retryLimit ?? 5,
        retryDelay: definition.retryDelaySeconds ?? 10,
        retryBackoff: true,
        ...(definition.policy ? { policy: definition.policy } : {}),
        ...(definition.expireInSeconds ? { expireInSeconds: definition.expireInSeconds } : {}),
      });
      if (definition.cron) await this.boss.schedule(definition.name, definition.cron, {});
      if (!workers) continue;
      const batchSize = definition.batchSize ?? 10;
      // Several workers per queue overlap their batches: while one waits for its batch's last job,
      // another is already running the next one (pg-boss hands each job to one worker only).
      const ids: string[] = [];
      for (let i = 0; i < (definition.workersPerNode ?? 1); i++) {
        const handle = await this.boss.work(
          definition.name,
          {
            pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? definition.pollingIntervalSeconds ?? 2,
            batchSize,
            includeMetadata: true,
          },
          // pg-boss completes or fails a whole batch together: each job runs on its own here, and a
          // failed one is failed by id (so it alone is retried) before the batch resolves.
          async (jobs: PgBoss.JobWithMetadata[]) => {
            await Promise.all(
              jobs.map(async (job) => {
                try {
                  const data = definition.schema.parse(job.data);
                  const attempt = { number: job.retryCount + 1, last: job.retryCount >= job.retryLimit };
                  await (definition.handler as (c: AppContext, d: unknown, a: JobAttempt) => Promise<void>)(ctx, data, attempt);
                } catch (error) {
                  this.logger.warn({ err: error, job: definition.name, id: job.id }, 'job failed; it will be retried if attempts remain');
                  await this.boss.fail(definition.name, job.id, { message: error instanceof Error ? error.message : String(error) });
                }
              }),
            );
            // A full batch means a backlog: fetch again at once instead of sleeping out the polling interval.
            if (jobs.length >= batchSize) this.wake(definition.name);
          },
        );
        ids.push(handle);
      }
      this.workers.set(definition.name, ids);
    }
  }

  async send<N extends JobName>(name: N, data: JobPayload<N>, options: SendOptions = {}): Promise<string | null> {
    const definition = jobDefinitions.find((d) => d.name === name)!;
    const payload = definition.schema.parse(data) as object;
    const { tx, ...rest } = options;
    if (!tx) {
      const id = await this.boss.send(name, payload, rest);
      this.wake(name);
      return id;
    }
    // The job becomes visible at commit: transact() wakes the worker then (wakeAfterCommit).
    this.toWake.add(name);
    return this.boss.send(name, payload, { ...rest, db: executorFor(tx) });
  }

  /** Wakes this process's workers of queues that got jobs in a transaction that just committed. */
  wakeAfterCommit(): void {
    for (const name of this.toWake) this.wake(name);
    this.toWake.clear();
  }

  private wake(name: string): void {
    for (const workerId of this.workers.get(name) ?? []) this.boss.notifyWorker(workerId);
  }

  // ---- dynamic queues (created at run time, worked only where the caller decides) ----

  /** Creates the queue unless it exists (idempotent, also across processes). */
  async ensureQueue(name: string, options: DynamicQueueOptions = {}): Promise<void> {
    if (this.dynamicQueues.has(name)) return;
    if (jobDefinitions.some((definition) => definition.name === name))
      throw new Error(`'${name}' is a registered job, not a dynamic queue.`);
    await this.boss.createQueue(name, {
      name,
      retryLimit: options.retryLimit ?? 0,
      ...(options.retryDelaySeconds !== undefined ? { retryDelay: options.retryDelaySeconds, retryBackoff: true } : {}),
      ...(options.expireInSeconds ? { expireInSeconds: options.expireInSeconds } : {}),
      ...(options.retentionMinutes ? { retentionMinutes: options.retentionMinutes } : {}),
    });
    this.dynamicQueues.add(name);
  }

  /**
   * Works a dynamic queue in this process, one job at a time, until the returned worker is stopped.
   * The handler's return value is stored as the job's output; throwing fails the job (retried if
   * the queue allows). Several workers of one queue (in this or other processes) share its jobs.
   */
  async workDynamic<T extends object>(
    name: string,
    handler: (job: { id: string; data: T }) => Promise<unknown>,
    options: { pollingIntervalSeconds?: number } = {},
  ): Promise<DynamicWorker> {
    const id = await this.boss.work<T>(
      name,
      { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? this.options.pollingIntervalSeconds ?? 2 },
      // One job per batch: pg-boss stores the handler's result as the job's output.
      async ([job]) => handler({ id: job.id, data: job.data }),
    );
    this.dynamicWorkers.add(id);
    return {
      id,
      notify: () => this.boss.notifyWorker(id),
      stop: async () => {
        if (!this.dynamicWorkers.delete(id)) return;
        await this.boss.offWork({ id });
      },
    };
  }

  /** Enqueues a job on a dynamic queue; with an id already taken it returns null (nothing enqueued). */
  sendTo(
    name: string,
    data: object,
    options: { id?: string; startAfter?: Date | number; singletonKey?: string } = {},
  ): Promise<string | null> {
    return this.boss.send(name, data, options);
  }

  async getJob(name: string, id: string): Promise<DynamicJob | null> {
    const job = await this.boss.getJobById(name, id);
    return job && { id: job.id, state: job.state, output: job.output ?? null };
  }

  /** Withdraws a job that has not finished (a running one is marked cancelled; its handler is not interrupted). */
  cancelJob(name: string, id: string): Promise<void> {
    return this.boss.cancel(name, id);
  }

  deleteJob(name: string, id: string): Promise<void> {
    return this.boss.deleteJob(name, id);
  }

  /** Drops the queue and its jobs (pg-boss keeps a table per queue). Workers of it should be stopped first. */
  async deleteQueue(name: string): Promise<void> {
    if (jobDefinitions.some((definition) => definition.name === name))
      throw new Error(`'${name}' is a registered job, not a dynamic queue.`);
    this.dynamicQueues.delete(name);
    for (let attempt = 1; ; attempt++) {
      // pg-boss 10's delete_queue fails while the queue's table holds jobs (even finished ones, which
      // reference the queue row): empty it first; a job sent in between makes it try again.
      await this.executor.executeSql(`DELETE FROM ${SCHEMA}.job WHERE name = $1`, [name]);
      try {
        await this.boss.deleteQueue(name);
        return;
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  }

  /** Stops fetching from dynamic queues, then waits for running handlers to finish (graceful), then stops polling. */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    for (const id of this.dynamicWorkers) await this.boss.offWork({ id });
    this.dynamicWorkers.clear();
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: 20_000 });
  }
}
