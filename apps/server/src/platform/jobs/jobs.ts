import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { SqlExecutor } from '../db/client.js';
import { jobDefinitions } from './registry.js';
export { defineJob, type JobDefinition } from './define-job.js';

type Definitions = (typeof jobDefinitions)[number];
export type JobName = Definitions['name'];
export type JobPayload<N extends JobName> = z.input<Extract<Definitions, { name: N }>['schema']>;

export interface SendOptions {
  startAfter?: Date | number;
  singletonKey?: string;
}

/** pg-boss on the application database (PGlite through its `db` option, or the PostgreSQL server). */
export class Jobs {
  private readonly boss: PgBoss;
  private started = false;

  constructor(
    executor: SqlExecutor,
    private readonly logger: Logger,
    private readonly options: { pollingIntervalSeconds?: number } = {},
  ) {
    this.boss = new PgBoss({ db: executor as PgBoss.Db, schema: 'pgboss', supervise: true, schedule: true });
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
      });
      if (!workers) continue;
      await this.boss.work(definition.name, { pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2 }, async (jobs) => {
        for (const job of jobs) {
          const data = definition.schema.parse(job.data);
          await (definition.handler as (c: AppContext, d: unknown) => Promise<void>)(ctx, data);
        }
      });
    }
  }

  async send<N extends JobName>(name: N, data: JobPayload<N>, options: SendOptions = {}): Promise<string | null> {
    const definition = jobDefinitions.find((d) => d.name === name)!;
    const payload = definition.schema.parse(data) as object;
    return this.boss.send(name, payload, options);
  }

  /** Waits for running handlers to finish (graceful), then stops polling. */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: 20_000 });
  }
}
