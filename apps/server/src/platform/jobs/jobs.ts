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

/** pg-boss on the application database (PGlite through its `db` option, or the PostgreSQL server). */
export class Jobs {
  private readonly boss: PgBoss;
  private started = false;
  private readonly workers = new Map<string, string[]>();
  private readonly toWake = new Set<string>();

  constructor(
    executor: SqlExecutor,
    private readonly logger: Logger,
    private readonly options: { pollingIntervalSeconds?: number } = {},
  ) {
    this.boss = new PgBoss({ db: executor, schema: 'pgboss', supervise: true, schedule: true });
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

  /** Waits for running handlers to finish (graceful), then stops polling. */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: 20_000 });
  }
}
