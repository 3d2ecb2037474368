/**
 * Registered jobs: completed one by one, and taken back from a worker that died (leases).
 * Dynamic queues of ctx.jobs: created at run time, worked by whichever worker the caller starts,
 * stopped per worker (another worker of the same queue goes on), and dropped.
 */
import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openTestDatabase } from '../../../test/harness.js';
import { testEnv } from '../../../test/env.js';
import type { AppContext } from '../../app-context.js';
import { createContext } from '../../context.js';
import { isBackgroundWork, type Database, type SqlExecutor } from '../db/client.js';
import { defineJob, jobInsertSql, Jobs, type DynamicJob, type DynamicWorker, type JobDefinition } from './jobs.js';

let database: Database;
let drop: () => Promise<void>;
let ctx: AppContext;
let jobs: Jobs;
const POLLING_INTERVAL_SECONDS = 0.5;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await database.migrate();
  ctx = createContext(testEnv(), database, pino({ level: 'silent' }), { pollingIntervalSeconds: POLLING_INTERVAL_SECONDS });
  jobs = ctx.jobs;
  // No workers of the registered jobs: only the dynamic ones below run.
  await jobs.start(ctx, { workers: false });
}, 120_000);

afterAll(async () => {
  await jobs?.stop();
  await database?.close();
  await drop?.();
});

const queueRows = async (name: string) =>
  (await database.raw.executeSql('select name, retry_limit from pgboss.queue where name = $1', [name])).rows;

/** Polls the job until it has finished. */
async function finished(name: string, id: string): Promise<DynamicJob> {
  let job: DynamicJob | null = null;
  await expect
    .poll(
      async () => {
        job = await jobs.getJob(name, id);
        return job?.state;
      },
      { timeout: 10_000 },
    )
    .toMatch(/^(completed|failed|cancelled)$/);
  return job!;
}

describe('jobInsertSql', () => {
  it("enqueues, inside a caller's statement, the row send() enqueues: the queue's retries, backoff, lease and retention", async () => {
    const data = { tenantId: 1, messageId: randomUUID() };
    const sent = await jobs.send('message.send', data);
    const inserted = await database.raw.executeSql(`with s as (select $1::jsonb as d) ${jobInsertSql('message.send', 's', 's.d')}`, [
      JSON.stringify(data),
    ]);
    const ids = [sent, inserted.rows[0]?.id];
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
    const { rows: jobRows } = await database.raw.executeSql(
      `select id, name, data, priority, state, singleton_key, singleton_on, dead_letter, expire_in::text as expire_in, retry_limit,
         retry_delay, retry_backoff, policy, (keep_until - start_after)::text as kept, start_after <= now() as due
       from pgboss.job where id = any($1::uuid[]) order by created_on`,
      [ids],
    );
    expect(jobRows).toHaveLength(2);
    const [bySend, byStatement] = jobRows.map(({ id: _id, ...row }) => row);
    expect(byStatement).toEqual(bySend);
    expect(bySend).toMatchObject({ name: 'message.send', data, state: 'created', retry_limit: 6, retry_backoff: true, due: true });
    // Nothing is enqueued for a source without rows.
    const none = await database.raw.executeSql(`with s as (select 1 where false) ${jobInsertSql('message.send', 's', `'{}'::jsonb`)}`, []);
    expect(none.rows).toEqual([]);
    expect(() => jobInsertSql("x'; drop table pgboss.job; --" as 'message.send', 's', 'null')).toThrow(/cannot be written/);
  });
});

describe('dynamic queues', () => {
  it('a worker runs the jobs sent to its queue and stores what the handler returns (or the failure)', async () => {
    const name = `dynamic-test.${randomUUID()}`;
    await jobs.ensureQueue(name, { retryLimit: 0, expireInSeconds: 60 });
    await jobs.ensureQueue(name); // idempotent
    expect(await queueRows(name)).toEqual([{ name, retry_limit: 0 }]);

    const worker = await jobs.workDynamic<{ n: number }>(name, async (job) => {
      if (job.data.n < 0) throw new Error('negative');
      // Background work, as the registered jobs' handlers (its statements take the job connections).
      return { doubled: job.data.n * 2, id: job.id, background: isBackgroundWork() };
    });
    const id = randomUUID();
    expect(await jobs.sendTo(name, { n: 21 }, { id })).toBe(id);
    expect(await jobs.sendTo(name, { n: 21 }, { id })).toBeNull(); // the id is taken: nothing enqueued twice
    worker.notify();
    expect(await finished(name, id)).toEqual({ id, state: 'completed', output: { doubled: 42, id, background: true } });

    const failing = (await jobs.sendTo(name, { n: -1 }))!;
    worker.notify();
    const failed = await finished(name, failing);
    expect(failed.state).toBe('failed'); // retryLimit 0: no second attempt
    expect(failed.output).toMatchObject({ message: 'negative' });
    await worker.stop();
  });

  it('stopping one worker leaves the other workers of the queue working; stopping from inside a handler is safe', async () => {
    const name = `dynamic-test.${randomUUID()}`;
    await jobs.ensureQueue(name);
    const handledBy: Record<string, string[]> = { first: [], second: [] };
    const first = await jobs.workDynamic<{ n: number }>(name, async (job) => void handledBy.first.push(job.id));
    const second = await jobs.workDynamic<{ n: number }>(name, async (job) => void handledBy.second.push(job.id));
    await first.stop();
    await first.stop(); // a second stop is a no-op

    const ids = await Promise.all([1, 2, 3].map(async (n) => (await jobs.sendTo(name, { n }))!));
    second.notify();
    for (const id of ids) expect((await finished(name, id)).state).toBe('completed');
    expect(handledBy.first).toEqual([]);
    expect(handledBy.second.sort()).toEqual([...ids].sort());

    // A handler that stops its own worker (e.g. the work it was asked to do ends the session) completes its job.
    await second.stop();
    const self: DynamicWorker = await jobs.workDynamic<{ n: number }>(name, async () => {
      await self.stop();
      return { stopped: true };
    });
    const last = (await jobs.sendTo(name, { n: 4 }))!;
    self.notify();
    expect(await finished(name, last)).toMatchObject({ state: 'completed', output: { stopped: true } });
    const after = (await jobs.sendTo(name, { n: 5 }))!;
    self.notify(); // a worker still working the queue would fetch it at once
    // A genuine wait (a worker that is gone does nothing to wait for): past two polling intervals.
    await new Promise((resolve) => setTimeout(resolve, 2 * POLLING_INTERVAL_SECONDS * 1000 + 200));
    expect((await jobs.getJob(name, after))?.state).toBe('created'); // nobody works the queue any more
  });

  it('deleting a queue drops it with its jobs; it can be created again', async () => {
    const name = `dynamic-test.${randomUUID()}`;
    await jobs.ensureQueue(name, { retryLimit: 0 });
    const waiting = (await jobs.sendTo(name, { n: 1 }))!;
    await jobs.deleteQueue(name);
    expect(await queueRows(name)).toEqual([]);
    expect(await jobs.getJob(name, waiting)).toBeNull();

    await jobs.ensureQueue(name, { retryLimit: 0 });
    expect(await queueRows(name)).toHaveLength(1);
    await jobs.deleteQueue(name);
  });

  it('a registered job is not a dynamic queue', async () => {
    await expect(jobs.ensureQueue('email.send')).rejects.toThrow(/registered job/);
    await expect(jobs.deleteQueue('email.send')).rejects.toThrow(/registered job/);
  });
});

describe('registered jobs: per-job completion and leases', () => {
  const logger = pino({ level: 'silent' });
  /** Handlers of the test queues, per run: what each job saw, and gates that hold a job running. */
  const runs: string[] = [];
  const gates = new Map<string, { opened: Promise<void>; open: () => void }>();
  const gate = (key: string) => {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    gates.set(key, { opened, open });
    return () => open();
  };
  const testJob = (name: string) =>
    defineJob({
      name,
      schema: z.object({ key: z.string(), holdMs: z.number().default(0) }),
      retryLimit: 3,
      retryDelaySeconds: 1,
      concurrency: 10,
      async handler(_ctx, { key, holdMs }) {
        runs.push(key);
        await gates.get(key)?.opened;
        if (holdMs) await new Promise((resolve) => setTimeout(resolve, holdMs));
      },
    });
  const definitions = [
    testJob('test.batch'),
    testJob('test.reclaim'),
    testJob('test.long'),
    { ...testJob('test.stately'), policy: 'stately' as const },
  ] as JobDefinition<string, z.ZodType>[];
  const started: Jobs[] = [];
  const startJobs = async (options: { workers: boolean; leaseSeconds?: number }) => {
    const instance = new Jobs(
      database.raw,
      logger,
      {
        pollingIntervalSeconds: 0.5,
        heartbeatSeconds: 0.5,
        leaseSeconds: options.leaseSeconds ?? 2,
      },
      definitions,
    );
    await instance.start(ctx, { workers: options.workers });
    started.push(instance);
    return instance;
  };
  const send = (instance: Jobs, name: string, data: { key: string; holdMs?: number }, options: { startAfter?: number } = {}) =>
    (instance as unknown as { send(name: string, data: object, options: object): Promise<string> }).send(name, data, options);
  const stateOf = async (name: string, id: string) => (await jobs.getJob(name, id))?.state;

  afterAll(async () => {
    for (const gateItem of gates.values()) gateItem.open();
    for (const instance of started) await instance.stop();
  });

  it('completes each job as soon as it finishes, not when the slowest job of its batch does', async () => {
    const worker = await startJobs({ workers: true });
    const release = gate('slow');
    const slow = await send(worker, 'test.batch', { key: 'slow' });
    const fast = await Promise.all(['f1', 'f2', 'f3'].map((key) => send(worker, 'test.batch', { key })));
    for (const id of fast) await expect.poll(() => stateOf('test.batch', id), { timeout: 10_000 }).toBe('completed');
    expect(await stateOf('test.batch', slow)).toBe('active');
    release();
    await expect.poll(() => stateOf('test.batch', slow), { timeout: 10_000 }).toBe('completed');
    await worker.stop();
  });

  it('idle, a worker process looks for due jobs of all its queues in one query a round, and fetches only from a queue with one due', async () => {
    const statements: string[] = [];
    const counting: SqlExecutor = {
      executeSql: (text, values) => {
        statements.push(text);
        return database.raw.executeSql(text, values);
      },
    };
    const idleDefinitions = ['test.idle.a', 'test.idle.b', 'test.idle.c'].map(testJob) as JobDefinition<string, z.ZodType>[];
    const worker = new Jobs(counting, logger, { pollingIntervalSeconds: 0.5, heartbeatSeconds: 60 }, idleDefinitions);
    await worker.start(ctx, { workers: true });
    started.push(worker);
    const lookups = () => statements.filter((text) => text.includes('SELECT DISTINCT name')).length;
    // pg-boss's fetch (fetchNextJob).
    const fetches = () => statements.filter((text) => text.includes('FOR UPDATE SKIP LOCKED')).length;
    // Each queue fetched once at the start; then, idle, four polling rounds fetch nothing.
    await expect.poll(fetches, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    const fetchesWhenIdle = fetches();
    const lookupsBefore = lookups();
    await expect.poll(lookups, { timeout: 10_000 }).toBeGreaterThanOrEqual(lookupsBefore + 4);
    expect(fetches()).toBe(fetchesWhenIdle);

    // A job sent by another process (nothing wakes this one) for 1 s from now: a round finds it once due.
    const sender = new Jobs(database.raw, logger, {}, idleDefinitions);
    await sender.start(ctx, { workers: false });
    started.push(sender);
    const id = await send(sender, 'test.idle.b', { key: 'idle-later' }, { startAfter: 1 });
    await expect.poll(() => stateOf('test.idle.b', id), { timeout: 10_000 }).toBe('completed');
    expect(runs).toContain('idle-later');
    // Only its queue was fetched from (the fetch that took it, and maybe one more before the queue was empty).
    expect(fetches() - fetchesWhenIdle).toBeGreaterThanOrEqual(1);
    expect(fetches() - fetchesWhenIdle).toBeLessThanOrEqual(2);
    await worker.stop();
  });

  it("handlers run as background work (their statements take the job connections), with the application's own context", async () => {
    const seen: { ctx: AppContext; background: boolean }[] = [];
    const probe = defineJob({
      name: 'test.context',
      schema: z.object({}),
      async handler(handlerCtx) {
        await Promise.resolve();
        seen.push({ ctx: handlerCtx, background: isBackgroundWork() });
      },
    });
    const instance = new Jobs(database.raw, logger, { pollingIntervalSeconds: 0.5 }, [probe]);
    await instance.start(ctx, { workers: true });
    started.push(instance);
    expect(isBackgroundWork()).toBe(false);
    await (instance as unknown as { send(name: string, data: object): Promise<string> }).send('test.context', {});
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(1);
    // The application's own context (modules keep their per-application state by it), not a copy.
    expect(seen[0].ctx).toBe(ctx);
    expect(seen[0].background).toBe(true);
    await instance.stop();
  });

  it('schedules the cron jobs but the unscheduled ones, whose earlier schedule is withdrawn; an unknown name is refused', async () => {
    const cron = (name: string) => defineJob({ name, schema: z.object({}), cron: '* * * * *', async handler() {} });
    const definitions = [cron('test.cron-by-hand'), cron('test.cron-kept')];
    const scheduled = async () =>
      (await database.raw.executeSql(`select name from pgboss.schedule where name like 'test.cron-%' order by name`, [])).rows;
    const before = new Jobs(database.raw, logger, {}, definitions);
    await before.start(ctx, { workers: false });
    started.push(before);
    expect(await scheduled()).toEqual([{ name: 'test.cron-by-hand' }, { name: 'test.cron-kept' }]);
    await before.stop();

    const instance = new Jobs(database.raw, logger, { unscheduled: ['test.cron-by-hand'] }, definitions);
    await instance.start(ctx, { workers: false });
    started.push(instance);
    expect(await scheduled()).toEqual([{ name: 'test.cron-kept' }]);
    await instance.stop();

    const misspelt = new Jobs(database.raw, logger, { unscheduled: ['test.cron-by-hnad'] }, definitions);
    started.push(misspelt);
    await expect(misspelt.start(ctx, { workers: false })).rejects.toThrow(/test\.cron-by-hnad is not a registered cron job/);
  });

  it("schedules the embedded database's maintenance on the embedded database only (a server's autovacuum does it)", async () => {
    const { rows } = await database.raw.executeSql(`select name from pgboss.schedule where name like 'database.%' order by name`, []);
    expect(rows).toEqual(database.kind === 'pglite' ? [{ name: 'database.analyze' }, { name: 'database.vacuum' }] : []);
  });

  it("a stately job already queued for later is moved up by a send with 'hasten', and only then", async () => {
    const sender = await startJobs({ workers: false });
    const sendKeyed = (data: { key: string }, options: object) =>
      (sender as unknown as { send(name: string, data: object, options: object): Promise<string | null> }).send(
        'test.stately',
        data,
        options,
      );
    const startAfterOf = async (id: string) =>
      new Date(String((await database.raw.executeSql('select start_after from pgboss.job where id = $1', [id])).rows[0].start_after));
    const queued = await sendKeyed({ key: 'later' }, { singletonKey: 'drain-1', startAfter: 3600 });
    expect(queued).toBeTruthy();
    // Without hasten: the second send is refused and the queued job keeps its time.
    expect(await sendKeyed({ key: 'plain' }, { singletonKey: 'drain-1' })).toBeNull();
    expect((await startAfterOf(queued!)).getTime()).toBeGreaterThan(Date.now() + 3500_000);
    // With hasten: still one job, now due; a worker runs it at once.
    expect(await sendKeyed({ key: 'soon' }, { singletonKey: 'drain-1', hasten: true })).toBeNull();
    expect((await startAfterOf(queued!)).getTime()).toBeLessThanOrEqual(Date.now());
    // Another key's job is not touched.
    const other = await sendKeyed({ key: 'other' }, { singletonKey: 'drain-2', startAfter: 3600 });
    expect((await startAfterOf(other!)).getTime()).toBeGreaterThan(Date.now() + 3500_000);
    const worker = await startJobs({ workers: true });
    await expect.poll(() => stateOf('test.stately', queued!), { timeout: 10_000 }).toBe('completed');
    expect(runs).toContain('later');
    expect(await stateOf('test.stately', other!)).toBe('created');
    await worker.stop();
    await sender.stop();
  });

  it('takes back, within its lease, the jobs a worker claimed before it died; nothing runs twice', async () => {
    const sender = await startJobs({ workers: false });
    const ids = await Promise.all(['d1', 'd2', 'd3'].map((key) => send(sender, 'test.reclaim', { key })));
    // A worker process claims them (active, with the 2 s lease) and dies: nobody renews the lease.
    const dead = new PgBoss({ db: database.raw, schema: 'pgboss', supervise: false, schedule: false, migrate: false });
    await dead.start();
    const claimed = await dead.fetch('test.reclaim', { batchSize: 10 });
    expect((claimed ?? []).map((job) => job.id).sort()).toEqual([...ids].sort());
    await dead.stop({ graceful: false, close: false });
    const diedAt = Date.now();

    await startJobs({ workers: true }); // a surviving or restarted process
    for (const id of ids) await expect.poll(() => stateOf('test.reclaim', id), { timeout: 10_000 }).toBe('completed');
    // Lease (2 s) + one heartbeat (0.5 s) + polling, with room for a loaded machine.
    expect(Date.now() - diedAt).toBeLessThan(6_000);
    expect(runs.filter((key) => key.startsWith('d')).sort()).toEqual(['d1', 'd2', 'd3']);
  });

  it('a job that runs longer than its lease on a live worker is never taken away (the heartbeat renews it)', async () => {
    const first = await startJobs({ workers: true });
    await startJobs({ workers: true }); // another live process working the same queue
    const id = await send(first, 'test.long', { key: 'long', holdMs: 5_000 });
    await expect.poll(() => stateOf('test.long', id), { timeout: 15_000 }).toBe('completed');
    expect(runs.filter((key) => key === 'long')).toEqual(['long']);
  });
});

describe('leased dynamic queues (a channel session queue that only its holder works)', () => {
  const logger = pino({ level: 'silent' });
  const started: Jobs[] = [];
  const startJobs = async () => {
    const instance = new Jobs(database.raw, logger, {
      pollingIntervalSeconds: 0.5,
      heartbeatSeconds: 0.5,
      leaseSeconds: 2,
    });
    await instance.start(ctx, { workers: false });
    started.push(instance);
    return instance;
  };
  afterAll(async () => {
    for (const instance of started) await instance.stop();
  });

  it('the jobs a dead worker had taken go back to the queue for the next worker, within the lease; nothing runs twice', async () => {
    const name = `session-test.${randomUUID()}`;
    const sender = await startJobs();
    await sender.ensureQueue(name, { retryLimit: 0, leased: true });
    const ids = await Promise.all(['s1', 's2'].map((key) => sender.sendTo(name, { key })));
    // The holder takes them (active, 2 s lease) and dies: nobody renews the lease.
    const dead = new PgBoss({ db: database.raw, schema: 'pgboss', supervise: false, schedule: false, migrate: false });
    await dead.start();
    const claimed = await dead.fetch(name, { batchSize: 10 });
    expect((claimed ?? []).map((job) => job.id).sort()).toEqual([...ids].sort());
    await dead.stop({ graceful: false, close: false });
    const diedAt = Date.now();

    // The next holder starts working the queue (pg-boss alone would fail them after its 15-minute expiry).
    const next = await startJobs();
    const runs: string[] = [];
    await next.workDynamic<{ key: string }>(name, async (job) => {
      runs.push(job.data.key);
      return { ok: true, key: job.data.key };
    });
    for (const id of ids) await expect.poll(async () => (await next.getJob(name, id!))?.state, { timeout: 10_000 }).toBe('completed');
    expect(Date.now() - diedAt).toBeLessThan(6_000);
    expect(runs.sort()).toEqual(['s1', 's2']);
    expect((await next.getJob(name, ids[0]!))?.output).toEqual({ ok: true, key: 's1' });
  });

  it('a job that runs longer than its lease on a live worker is never taken away', async () => {
    const name = `session-test.${randomUUID()}`;
    const holder = await startJobs();
    await holder.ensureQueue(name, { retryLimit: 0, leased: true });
    const other = await startJobs();
    const runs: string[] = [];
    const handler = async (job: { data: { key: string } }) => {
      runs.push(job.data.key);
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      return { ok: true };
    };
    await holder.workDynamic(name, handler);
    const id = await holder.sendTo(name, { key: 'long' });
    await expect.poll(async () => (await holder.getJob(name, id!))?.state, { timeout: 5_000 }).toBe('active');
    // Another worker of the queue starts meanwhile (its start sweeps for expired leases too).
    await other.workDynamic(name, handler);
    await expect.poll(async () => (await holder.getJob(name, id!))?.state, { timeout: 15_000 }).toBe('completed');
    expect(runs).toEqual(['long']);
  });
});

describe('the server setting JOB_LEASE_SECONDS', () => {
  it("is the registered queues' lease, and a start brings the queues in line with it; below 3 s it is refused", async () => {
    const expireOf = async (name: string) =>
      (await database.raw.executeSql('select expire_seconds from pgboss.queue where name = $1', [name])).rows[0]?.expire_seconds;
    expect(await expireOf('message.send')).toBe(15);
    const shorter = createContext(testEnv({ JOB_LEASE_SECONDS: '6' }), database, pino({ level: 'silent' }));
    await shorter.jobs.start(shorter, { workers: false });
    try {
      expect(await expireOf('message.send')).toBe(6);
      expect(await expireOf('campaign.run')).toBe(6);
    } finally {
      await shorter.jobs.stop();
    }
    expect(() => testEnv({ JOB_LEASE_SECONDS: '2' })).toThrow(/JOB_LEASE_SECONDS/);
  });
});
