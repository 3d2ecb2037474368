import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { AppContext } from '../../app-context.js';
import { inBackground, type Db, type SqlExecutor } from '../db/client.js';
import { executorFor } from '../db/raw-executor.js';
export { defineJob, type JobAttempt, type JobDefinition } from './define-job.js';
import type { AnyJobDefinition, JobPayloads } from './define-job.js';

type AnyDefinition = AnyJobDefinition;
export type JobName = keyof JobPayloads & string;
export type JobPayload<N extends JobName> = JobPayloads[N];

export interface SendOptions {
  startAfter?: Date | number;
  singletonKey?: string;
  /**
   * With a singletonKey on a 'stately' queue: when a job of that key is already queued (so this one
   * is not enqueued), move its start earlier to this job's (a wake-up never waits behind a later one).
   */
  hasten?: boolean;
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
  /**
   * Jobs run under a lease, as registered ones do (see JOB_LEASE_SECONDS): extended by the heartbeat
   * while the process that fetched a job runs it, put back in the queue as soon as that process died
   * (instead of failing after `expireInSeconds`), for another worker of the queue to take. Handlers
   * must be idempotent. Replaces expireInSeconds.
   */
  leased?: boolean;
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

/**
 * Crash recovery of running jobs (pg-boss 10 has no worker heartbeat): a registered job runs under
 * a lease. Its queue gives it LEASE_SECONDS (`expire_in`, counted from when it is fetched), and every
 * HEARTBEAT_SECONDS this process extends the leases of the jobs it is still running. A process that
 * dies (SIGKILL, OOM, power) stops extending them: within LEASE_SECONDS they expire, and the sweep
 * that every process runs at the same pace puts them back in the queue at once, where any process
 * takes them — so a reply claimed by a dead node waits at most ≈ LEASE + HEARTBEAT seconds instead of
 * pg-boss's 15-minute expiry, and a long job (a media upload, an import, a long poll) is never
 * expired while its process lives. A process stalled longer than the lease (event loop blocked) may
 * see its job run again elsewhere: handlers are idempotent (message.send claims each send in the
 * database first, see send-message.job.ts).
 *
 * Jobs are fetched with pg-boss's fetch() and completed (or failed) one by one as each finishes, not
 * per batch, so a crash leaves only the jobs truly in flight to run again.
 */
export const JOB_LEASE_SECONDS = 15;
/** The heartbeat's share of the lease: a live process renews it twice before it could run out. */
const HEARTBEATS_PER_LEASE = 3;

/**
 * This process running one queue: up to `concurrency` jobs at once, refilled in batches. Between
 * fetches it waits to be woken (a job was sent here, or slots freed) or polled: Jobs' polling round
 * looks, in one query for every waiting queue, which have jobs due, and polls only those.
 */
class QueueRunner {
  readonly running = new Map<string, Promise<void>>();
  private stopped = false;
  private woken = false;
  private resume: ((woken: boolean) => void) | null = null;
  private loop: Promise<void> | undefined;
  /** Since when it waits with nothing fetched (or when a polling round last looked); null while it fetches. */
  private waitingSince: number | null = null;

  constructor(
    private readonly boss: PgBoss,
    readonly name: string,
    private readonly concurrency: number,
    readonly pollingMs: number,
    private readonly run: (job: PgBoss.JobWithMetadata<unknown>) => Promise<void>,
  ) {}

  start(): void {
    this.loop = this.work();
  }

  /** Fetches at once instead of waiting for a polling round (a job was sent, or slots freed). */
  wake(): void {
    this.woken = true;
    this.resume?.(true);
  }

  /**
   * The polling round's turn: true when the runner has waited its polling interval or longer, and
   * then its wait counts again from `now` (the round looks for its jobs once per interval).
   */
  takePollTurn(now: number): boolean {
    if (this.waitingSince === null || now - this.waitingSince < this.pollingMs) return false;
    this.waitingSince = now;
    return true;
  }

  /** The polling round found jobs due in its queue (or could not tell): fetch. */
  poll(): void {
    this.resume?.(false);
  }

  /** Waits until woken (true) or polled (false). */
  private pause(): Promise<boolean> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve(true);
    }
    this.waitingSince = Date.now();
    return new Promise((resolve) => {
      this.resume = (woken) => {
        this.resume = null;
        this.waitingSince = null;
        this.woken = false;
        resolve(woken);
      };
    });
  }

  private async work(): Promise<void> {
    // With a backlog, free slots are refilled in batches (one fetch for many jobs) once half of them
    // are free; a polling round fetches for whatever is free.
    const refillAt = Math.max(1, Math.ceil(this.concurrency / 2));
    let polled = true;
    while (!this.stopped) {
      const free = this.concurrency - this.running.size;
      if (free === 0 || (free < refillAt && !polled)) {
        polled = !(await this.pause());
        continue;
      }
      this.woken = false;
      // fetch() answers [] when the database is unreachable: the loop polls again later.
      const jobs = (await this.boss.fetch(this.name, { batchSize: free, includeMetadata: true }).catch(() => null)) ?? [];
      for (const job of jobs) {
        const done = this.run(job).finally(() => {
          this.running.delete(job.id);
          if (this.concurrency - this.running.size >= refillAt) this.wake();
        });
        this.running.set(job.id, done);
      }
      // Fewer than asked for: the queue is empty for now.
      polled = jobs.length < free ? !(await this.pause()) : false;
    }
  }

  /** Stops fetching, then waits (at most `timeoutMs`) for the running jobs to finish. */
  async stop(timeoutMs: number): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.loop;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([Promise.allSettled(this.running.values()), new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
    clearTimeout(timer);
  }
}

/**
 * SQL that enqueues a job of `name` for each row of `source` (a CTE of the caller's statement), with
 * the data `data` (a jsonb expression over that row): the row pg-boss's send() inserts for a job sent
 * without options, the queue's settings applied (jobs.test.ts compares the two). For a statement that
 * enqueues with its change in one round trip: the job exists if and only if the row does. Its data
 * is not checked by the job's schema: the caller builds it. Call Jobs.enqueued(name) once it committed.
 */
export function jobInsertSql(name: JobName, source: string, data: string): string {
  if (!/^[a-z0-9._-]+$/.test(name)) throw new Error(`Job name '${name}' cannot be written into SQL.`);
  return `insert into ${SCHEMA}.job (id, name, data, priority, start_after, singleton_key, singleton_on, dead_letter, expire_in,
      keep_until, retry_limit, retry_delay, retry_backoff, policy)
    select gen_random_uuid(), q.name, ${data}, 0, now(), null, null, q.dead_letter,
      coalesce(q.expire_seconds * interval '1s', interval '15 minutes'),
      now() + cast(coalesce((q.retention_minutes * 60)::text, '14 days') as interval),
      coalesce(q.retry_limit, 2),
      case when coalesce(q.retry_backoff, false) then greatest(q.retry_delay, 1) else coalesce(q.retry_delay, 0) end,
      coalesce(q.retry_backoff, false), q.policy
    from ${source} join ${SCHEMA}.queue q on q.name = '${name}'
    on conflict do nothing
    returning id`;
}

/** pg-boss on the application database (PGlite through its `db` option, or the PostgreSQL server). */
export class Jobs {
  private readonly boss: PgBoss;
  private started = false;
  private readonly runners = new Map<string, QueueRunner>();
  private readonly toWake = new Set<string>();
  private readonly dynamicQueues = new Set<string>();
  /** Dynamic workers stopped while a handler may still run: Jobs.stop waits for it. */
  private readonly stoppedDynamic = new Set<QueueRunner>();
  /** This process's workers of dynamic queues, by worker id. */
  private readonly dynamicWorkers = new Map<string, QueueRunner>();
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private beating: Promise<void> | undefined;
  private pollTimer: ReturnType<typeof setInterval> | undefined;
  private pollTickMs = Infinity;
  private polling: Promise<void> | undefined;
  private readonly leaseSeconds: number;
  private readonly heartbeatSeconds: number;
  private readonly definitions: readonly AnyDefinition[];

  constructor(
    private readonly executor: SqlExecutor,
    private readonly logger: Logger,
    private readonly options: {
      pollingIntervalSeconds?: number;
      /** JOB_LEASE_SECONDS by default (the server passes the setting of the same name). */
      leaseSeconds?: number;
      /** A third of the lease by default. */
      heartbeatSeconds?: number;
      /**
       * Tests: cron jobs left unscheduled (a schedule they had is withdrawn), whose rounds a test runs
       * itself (withdrawing a schedule after the start races pg-boss's own sender).
       */
      unscheduled?: readonly string[];
    } = {},
    /** Every registered job of the product: the platform's and those the modules register (see src/modules.ts). */
    definitions: readonly AnyDefinition[] = [],
  ) {
    this.definitions = definitions;
    this.boss = new PgBoss({ db: executor, schema: SCHEMA, supervise: true, schedule: true });
    this.boss.on('error', (error) => this.logger.error({ err: error }, 'job queue error'));
    this.leaseSeconds = options.leaseSeconds ?? JOB_LEASE_SECONDS;
    this.heartbeatSeconds = options.heartbeatSeconds ?? this.leaseSeconds / HEARTBEATS_PER_LEASE;
  }

  /** Installs the queue schema and creates every queue; `workers` starts the handlers (worker role). */
  async start(ctx: AppContext, { workers }: { workers: boolean }): Promise<void> {
    await this.boss.start();
    this.started = true;
    // Read once, so that a start with every queue in place (every start but the first) writes nothing.
    const queues = new Map((await this.boss.getQueues()).map((queue) => [queue.name, queue]));
    const schedules = new Map(
      ((await this.boss.getSchedules()) as { name: string; cron: string; timezone: string }[]).map((row) => [row.name, row]),
    );
    const unscheduled = new Set(this.options.unscheduled);
    for (const name of unscheduled)
      if (!this.definitions.some((definition) => definition.name === name && definition.cron))
        throw new Error(`unscheduled: ${name} is not a registered cron job`);
    for (const definition of this.definitions) {
      const queue = {
        name: definition.name,
        retryLimit: definition.retryLimit ?? 5,
        retryDelay: definition.retryDelaySeconds ?? 10,
        retryBackoff: true,
        policy: definition.policy ?? 'standard',
        // A fetched job's lease: extended by the heartbeat while its process runs it.
        expireInSeconds: this.leaseSeconds,
      };
      const existing = queues.get(definition.name);
      if (!existing) await this.boss.createQueue(definition.name, queue);
      // An existing queue keeps the options it was created with: bring them in line with the definition.
      else if (
        (['retryLimit', 'retryDelay', 'retryBackoff', 'policy', 'expireInSeconds'] as const).some((key) => existing[key] !== queue[key])
      )
        await this.boss.updateQueue(definition.name, queue);
      const schedule = schedules.get(definition.name);
      if (unscheduled.has(definition.name)) {
        if (schedule) await this.boss.unschedule(definition.name);
      } else if (definition.cron && (schedule?.cron !== definition.cron || schedule.timezone !== 'UTC'))
        await this.boss.schedule(definition.name, definition.cron, {});
    }
    await this.ensureLeaseIndex();
    // Leases of running jobs (also of dynamic queues, which a process without workers may work).
    this.heartbeat = setInterval(() => void this.beat(), this.heartbeatSeconds * 1000);
    this.heartbeat.unref();
    if (!workers) return;
    const pollingMs = (name: string) =>
      1000 * (this.options.pollingIntervalSeconds ?? this.definitions.find((d) => d.name === name)?.pollingIntervalSeconds ?? 2);
    for (const definition of this.definitions) {
      const runner = new QueueRunner(this.boss, definition.name, definition.concurrency ?? 10, pollingMs(definition.name), (job) =>
        this.runJob(ctx, definition, job),
      );
      this.runners.set(definition.name, runner);
      runner.start();
    }
    this.pollEvery(Math.min(...[...this.runners.values()].map((runner) => runner.pollingMs)));
    // A restarted process takes back, as soon as their leases run out, the jobs its previous life held.
    await this.beat();
  }

  private async runJob(ctx: AppContext, definition: AnyDefinition, job: PgBoss.JobWithMetadata<unknown>): Promise<void> {
    try {
      const data = definition.schema.parse(job.data);
      const attempt = { number: job.retryCount + 1, last: job.retryCount >= job.retryLimit };
      // Background work: the handler's statements take the job connections, not the requests'
      // (inBackground). Its completion below does not wait behind other jobs' work for one.
      await inBackground(() => definition.handler(ctx, data, attempt));
    } catch (error) {
      this.logger.warn({ err: error, job: definition.name, id: job.id }, 'job failed; it will be retried if attempts remain');
      await this.boss
        .fail(definition.name, job.id, { message: error instanceof Error ? error.message : String(error) })
        .catch((failError: unknown) =>
          this.logger.error({ err: failError, id: job.id }, 'could not record a job failure; its lease will expire'),
        );
      return;
    }
    // Recorded as soon as this job is done, not with a batch. If it cannot be (database unreachable),
    // the job runs again when its lease expires: handlers are idempotent.
    await this.boss
      .complete(definition.name, job.id)
      .catch((error: unknown) => this.logger.error({ err: error, id: job.id }, 'could not record a job completion; its lease will expire'));
  }

  /**
   * The sweep reads only active jobs; pg-boss indexes only waiting ones, so without this index every
   * sweep would scan every job kept (completed ones stay for hours). A partitioned index: pg-boss's
   * per-queue partitions, also those created later, get it. Looked up first: CREATE INDEX locks the
   * job table against writes even when the index exists (IF NOT EXISTS is checked after the lock),
   * which would stall every other process's jobs while this one starts.
   */
  private async ensureLeaseIndex(): Promise<void> {
    try {
      const { rows } = await this.executor.executeSql(
        `SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relname = $2`,
        [SCHEMA, 'conversa_job_active_idx'],
      );
      if (rows.length > 0) return;
      await this.executor.executeSql(
        `CREATE INDEX IF NOT EXISTS conversa_job_active_idx ON ${SCHEMA}.job (name, started_on) WHERE state = 'active'`,
      );
    } catch (error) {
      // Another process creating it at the same moment; the sweep works without it, only slower.
      this.logger.debug({ err: error }, 'job lease index not created here');
    }
  }

  /** Every queue this process works: registered ones and the dynamic ones it has workers of. */
  private workedRunners(): QueueRunner[] {
    return [...this.runners.values(), ...this.dynamicWorkers.values()];
  }

  /**
   * Runs the polling round at least every `intervalMs` / 2, so that a queue waits at most half its
   * polling interval beyond it. (Re)started when a worker with a shorter interval joins.
   */
  private pollEvery(intervalMs: number): void {
    const tickMs = Math.max(50, intervalMs / 2);
    if (tickMs >= this.pollTickMs) return;
    clearInterval(this.pollTimer);
    this.pollTickMs = tickMs;
    this.pollTimer = setInterval(() => void this.pollRound(), tickMs);
    this.pollTimer.unref();
  }

  /**
   * One polling round: the queues whose workers have waited their polling interval are looked up
   * in one query (pg-boss's own conditions for a job a fetch would take: waiting, start time passed),
   * and only the workers of queues with jobs due fetch. Idle, a process thus asks once per interval
   * instead of once per queue (dozens of fetches a second, most of the embedded database's idle CPU).
   * If the lookup fails (database unreachable) every due worker fetches, and handles that as before.
   */
  private pollRound(): Promise<void> {
    // Cleared after the round, as the heartbeat's (see beat).
    this.polling ??= this.lookForDueJobs().finally(() => (this.polling = undefined));
    return this.polling;
  }

  private async lookForDueJobs(): Promise<void> {
    const now = Date.now();
    const due = this.workedRunners().filter((runner) => runner.takePollTurn(now));
    if (due.length === 0) return;
    const names = [...new Set(due.map((runner) => runner.name))];
    let withJobs: Set<string>;
    try {
      const { rows } = await this.executor.executeSql(
        `SELECT DISTINCT name FROM ${SCHEMA}.job WHERE name = ANY($1::text[]) AND state < 'active' AND start_after < now()`,
        [names],
      );
      withJobs = new Set(rows.map((row) => String(row.name)));
    } catch {
      withJobs = new Set(names);
    }
    for (const runner of due) if (withJobs.has(runner.name)) runner.poll();
  }

  /** One heartbeat at a time (a beat already running is the one asked for). */
  private beat(): Promise<void> {
    // Cleared after the beat, not in it: a beat with no queue ends before `??=` would store it.
    this.beating ??= this.renewLeases().finally(() => (this.beating = undefined));
    return this.beating;
  }

  /** One heartbeat: extend the leases of the jobs running here, then put back expired ones. */
  private async renewLeases(): Promise<void> {
    try {
      const names = [...new Set(this.workedRunners().map((runner) => runner.name))];
      if (names.length === 0) return;
      for (const runner of this.workedRunners()) {
        const ids = [...runner.running.keys()];
        if (ids.length === 0) continue;
        const { rows } = await this.executor.executeSql(
          `UPDATE ${SCHEMA}.job SET expire_in = (now() - started_on) + make_interval(secs => $3)
             WHERE name = $1 AND id = ANY($2::uuid[]) AND state = 'active' RETURNING id`,
          [runner.name, ids, this.leaseSeconds],
        );
        const lost = ids.filter((id) => runner.running.has(id) && !rows.some((row) => row.id === id));
        if (lost.length > 0)
          this.logger.warn(
            { job: runner.name, ids: lost },
            'running jobs lost their lease (this process stalled?); they may run elsewhere too',
          );
      }
      const { rows } = await this.executor.executeSql(
        `UPDATE ${SCHEMA}.job j SET state = 'retry', start_after = now(),
             output = jsonb_build_object('message', 'put back: its worker stopped renewing the lease (process died)')
           WHERE j.name = ANY($1::text[]) AND j.state = 'active' AND j.started_on + j.expire_in < now()
             AND NOT (j.policy = 'stately' AND EXISTS (
               SELECT 1 FROM ${SCHEMA}.job o WHERE o.name = j.name AND o.state = 'retry' AND o.singleton_key IS NOT DISTINCT FROM j.singleton_key))
           RETURNING j.name, j.id`,
        [names],
      );
      if (rows.length > 0) {
        this.logger.warn({ jobs: rows.length }, 'jobs of a dead worker put back in their queues');
        for (const name of new Set(rows.map((row) => String(row.name)))) this.wake(name);
      }
    } catch (error) {
      // The database is unreachable: leases will be extended at the next beat (they outlast several).
      this.logger.warn({ err: error }, 'job heartbeat failed');
    }
  }

  async send<N extends JobName>(name: N, data: JobPayload<N>, options: SendOptions = {}): Promise<string | null> {
    const definition = this.definitions.find((d) => d.name === name);
    if (!definition) throw new Error(`Job '${name}' is not registered.`);
    const payload = definition.schema.parse(data) as object;
    const { tx, hasten, ...rest } = options;
    const executor = tx ? executorFor(tx) : this.executor;
    const id = tx ? await this.boss.send(name, payload, { ...rest, db: executor }) : await this.boss.send(name, payload, rest);
    if (id === null && hasten && rest.singletonKey !== undefined) {
      const startAfter =
        rest.startAfter === undefined
          ? new Date()
          : typeof rest.startAfter === 'number'
            ? new Date(Date.now() + rest.startAfter * 1000)
            : rest.startAfter;
      await executor.executeSql(
        `UPDATE ${SCHEMA}.job SET start_after = $3 WHERE name = $1 AND singleton_key = $2 AND state IN ('created', 'retry') AND start_after > $3`,
        [name, rest.singletonKey, startAfter.toISOString()],
      );
    }
    // In a transaction the job becomes visible at commit: transact() wakes the worker then (wakeAfterCommit).
    if (tx) this.toWake.add(name);
    else this.wake(name);
    return id;
  }

  /** Wakes this process's workers of a queue that got jobs from a committed statement of jobInsertSql. */
  enqueued(name: JobName): void {
    this.wake(name);
  }

  /** Wakes this process's workers of queues that got jobs in a transaction that just committed. */
  wakeAfterCommit(): void {
    for (const name of this.toWake) this.wake(name);
    this.toWake.clear();
  }

  private wake(name: string): void {
    this.runners.get(name)?.wake();
    for (const runner of this.dynamicWorkers.values()) if (runner.name === name) runner.wake();
  }

  // ---- dynamic queues (created at run time, worked only where the caller decides) ----

  /** Creates the queue unless it exists (idempotent, also across processes). */
  async ensureQueue(name: string, options: DynamicQueueOptions = {}): Promise<void> {
    if (this.dynamicQueues.has(name)) return;
    if (this.definitions.some((definition) => definition.name === name))
      throw new Error(`'${name}' is a registered job, not a dynamic queue.`);
    const expireInSeconds = options.leased ? this.leaseSeconds : options.expireInSeconds;
    const queue = {
      name,
      retryLimit: options.retryLimit ?? 0,
      ...(options.retryDelaySeconds !== undefined ? { retryDelay: options.retryDelaySeconds, retryBackoff: true } : {}),
      ...(expireInSeconds ? { expireInSeconds } : {}),
      ...(options.retentionMinutes ? { retentionMinutes: options.retentionMinutes } : {}),
    };
    await this.boss.createQueue(name, queue);
    // A queue created before with other options (another version) takes these for its next jobs.
    if (options.leased) await this.boss.updateQueue(name, queue);
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
    const id = randomUUID();
    const pollingMs = 1000 * (options.pollingIntervalSeconds ?? this.options.pollingIntervalSeconds ?? 2);
    // One job at a time, tracked (so that the heartbeat extends its lease) and completed on its own
    // with the handler's return value as its output.
    const runner = new QueueRunner(this.boss, name, 1, pollingMs, async (job) => {
      let output: unknown;
      try {
        // Background work, as registered handlers (runJob); its completion below stays on the request pool.
        output = await inBackground(() => handler({ id: job.id, data: job.data as T }));
      } catch (error) {
        await this.boss
          .fail(name, job.id, { message: error instanceof Error ? error.message : String(error) })
          .catch((failError: unknown) =>
            this.logger.error({ err: failError, id: job.id }, 'could not record a job failure; its lease will expire'),
          );
        return;
      }
      await this.boss
        .complete(name, job.id, output as object)
        .catch((error: unknown) =>
          this.logger.error({ err: error, id: job.id }, 'could not record a job completion; its lease will expire'),
        );
    });
    this.dynamicWorkers.set(id, runner);
    runner.start();
    this.pollEvery(pollingMs);
    // A worker taking a queue over (e.g. a channel's new session holder) puts back at once the jobs
    // whose worker died and whose leases ran out, instead of at the next heartbeat.
    void this.beat();
    return {
      id,
      notify: () => runner.wake(),
      stop: async () => {
        if (!this.dynamicWorkers.delete(id)) return;
        // Not waiting for a running handler: stopping from inside it is allowed (Jobs.stop waits for it).
        this.stoppedDynamic.add(runner);
        await runner.stop(0);
        void Promise.allSettled(runner.running.values()).then(() => this.stoppedDynamic.delete(runner));
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

  /** Whether `name` is a registered job of the product (not a queue made at run time). */
  isRegistered(name: string): boolean {
    return this.definitions.some((definition) => definition.name === name);
  }

  /**
   * Puts failed jobs of a queue back to be run again (pg-boss retry: one more attempt each) and
   * wakes this process's workers of the queue. Answers how many were failed and are now waiting.
   */
  async retryFailed(name: string, ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const { rows } = await this.executor.executeSql(
      `UPDATE ${SCHEMA}.job SET state = 'retry', retry_limit = retry_limit + 1, start_after = now()
       WHERE name = $1 AND id = ANY($2::uuid[]) AND state = 'failed' RETURNING id`,
      [name, ids],
    );
    if (rows.length > 0) this.wake(name);
    return rows.length;
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
    if (this.definitions.some((definition) => definition.name === name))
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

  /**
   * Stops fetching, then waits for running handlers to finish (graceful; the heartbeat goes on
   * meanwhile), then stops polling. Jobs still running after 20 s are taken over elsewhere once
   * their leases expire.
   */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    const dynamic = [...this.dynamicWorkers.values(), ...this.stoppedDynamic];
    this.dynamicWorkers.clear();
    this.stoppedDynamic.clear();
    await Promise.all([...this.runners.values(), ...dynamic].map((runner) => runner.stop(20_000)));
    clearInterval(this.pollTimer);
    this.pollTimer = undefined;
    this.pollTickMs = Infinity;
    await this.polling;
    clearInterval(this.heartbeat);
    await this.beating;
    this.runners.clear();
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: 20_000 });
  }
}
