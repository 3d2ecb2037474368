/**
 * Platform monitors and safe maintenance tools (issue 15): only the superadmin of tenant 1 (a
 * tenant's superadmin, tenant 1's admin and agents are refused with 403; a tenant admin sees its
 * own channels' sessions only), every action audited (who, when, what, target); the sessions of
 * every tenant's channels with restart / disconnect through the channels module; the task-queue
 * monitor against the real pg-boss (failed jobs with their errors, retry, delete, restart and the
 * SPEC §9 advice after 5 failed restarts); tenant environment data; version and migrations; the
 * orphaned-media cleanup as a job with progress; the console's fixed commands only; the update
 * upload always refused.
 */
import { mkdtemp, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { QUEUE_RESTART_ADVICE_LIMIT } from '@conversa/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import {
  buildAgent,
  buildChannel,
  buildInboxTenant,
  count,
  eventually,
  inboundTicket,
  rows,
  type Agent,
  type InboxTenant,
} from '../../../test/inbox.js';
import { defineJob } from '../../platform/jobs/define-job.js';
import type { ModuleRegistration } from '../../platform/module.js';

/** A job that always fails, with a recognisable error: the monitor's failed jobs. */
const failingJob = defineJob({
  name: 'test.always-fails',
  schema: z.object({ n: z.number() }),
  retryLimit: 0,
  pollingIntervalSeconds: 1,
  async handler(_ctx, data) {
    throw new Error(`broken on purpose #${data.n}`);
  },
});
declare module '../../platform/jobs/define-job.js' {
  interface JobPayloads {
    'test.always-fails': z.input<typeof failingJob.schema>;
  }
}
const testModule: ModuleRegistration = { name: 'platform-ops-test', jobs: [failingJob] };

let server: TestServer;
let api: Api;
let t: InboxTenant;
let other: InboxTenant;
let root: string;
let mainAdmin: Agent;
let tenantSuperadmin: Agent;

let dataDir: string;

beforeAll(async () => {
  // A data folder of its own: the media cleanup counts every file in it.
  dataDir = await mkdtemp(join(tmpdir(), 'conversa-platform-ops-'));
  server = await startTestServer({ DATA_DIR: dataDir }, { context: { extraModules: [testModule], pollingIntervalSeconds: 1 } });
  api = new Api(server.url);
  t = await buildInboxTenant(server);
  other = await buildInboxTenant(server);
  root = (await api.loginRoot()).token;
  mainAdmin = await buildAgent(server, 1, 'admin', 'Admin do tenant 1');
  tenantSuperadmin = await buildAgent(server, t.tenant.id, 'superadmin', 'Superadmin de empresa');
});
afterAll(async () => {
  await server?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const auditOf = (action: string) =>
  rows(server.ctx, sql`select * from platform_audit_log where action = ${action} order by id desc`) as Promise<Record<string, any>[]>;

const FAKE_JOB = '00000000-0000-4000-8000-000000000000';
const PLATFORM_ROUTES: [string, string, unknown?][] = [
  ['GET', '/platform/channel-sessions'],
  ['POST', '/platform/tenants/1/channel-sessions/1/restart'],
  ['POST', '/platform/tenants/1/channel-sessions/1/disconnect'],
  ['GET', '/platform/queues'],
  ['GET', '/platform/queues/message.send/failed'],
  ['POST', '/platform/queues/message.send/restart'],
  ['POST', `/platform/queues/message.send/jobs/${FAKE_JOB}/retry`],
  ['DELETE', `/platform/queues/message.send/jobs/${FAKE_JOB}`],
  ['GET', '/platform/tenant-usage'],
  ['GET', '/platform/version'],
  ['GET', '/platform/maintenance/runs'],
  ['GET', `/platform/maintenance/runs/${FAKE_JOB}`],
  ['POST', '/platform/maintenance/media-cleanup', { dryRun: true }],
  ['GET', '/platform/media-storage'],
  ['POST', '/platform/maintenance/media-migration', { target: 's3' }],
  ['GET', '/platform/maintenance/media-migrations'],
  ['GET', `/platform/maintenance/media-migrations/${FAKE_JOB}`],
  ['POST', '/platform/console', { command: 'health' }],
  ['GET', '/platform/audit'],
];

describe('authorization', () => {
  it('every platform route refuses anyone but the superadmin of tenant 1 (403), and the anonymous (401); nothing is audited', async () => {
    const before = await count(server.ctx, sql`select count(*) from platform_audit_log`);
    for (const [method, path, body] of PLATFORM_ROUTES) {
      for (const caller of [t.admin, tenantSuperadmin, mainAdmin, t.agent]) {
        const response = await api.request(method, path, { token: caller.token, body });
        expect(response.status, `${method} ${path} as ${caller.profile} of ${caller.tenantId}`).toBe(403);
        expect(response.body.error).toBe('ERR_NO_PERMISSION');
      }
      expect((await api.request(method, path, { body })).status, `${method} ${path} anonymous`).toBe(401);
    }
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('PK')]), 'update_rapido.zip');
    for (const caller of [t.admin, tenantSuperadmin, mainAdmin]) {
      const refused = await fetch(`${server.url}/platform/update`, {
        method: 'POST',
        headers: { authorization: `Bearer ${caller.token}` },
        body: form,
      });
      expect(refused.status).toBe(403);
    }
    // The tenant's own sessions screen is for its admins.
    expect((await api.get('/channel-sessions', { token: t.agent.token })).status).toBe(403);
    expect((await api.post(`/channel-sessions/${t.channel.id}/restart`, undefined, { token: t.agent.token })).status).toBe(403);
    expect(await count(server.ctx, sql`select count(*) from platform_audit_log`)).toBe(before);
  });
});

describe('channel sessions (/sessoestenants, /sessoes)', () => {
  it("lists every tenant's channels with status, number, last activity and the node holding a QR-code session", async () => {
    // (Resting status: the session sweep of this server leaves the channel alone; the lease row says who holds it.)
    const qr = await buildChannel(server.ctx, other.tenant.id, {
      name: 'WhatsApp QR',
      type: 'baileys',
      status: 'disconnected',
      number: '5511988887777',
    });
    await server.ctx.db.execute(
      sql`insert into channel_session_leases (channel_id, tenant_id, owner, expires_at) values (${qr.id}, ${other.tenant.id}, 'node-a:123:beef', now() + interval '1 minute')`,
    );
    await inboundTicket(server.ctx, { tenantId: t.tenant.id, channelId: t.channel.id }, { body: 'Oi' });

    const all = await api.get('/platform/channel-sessions', { token: root });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const mine = all.body.find((c: any) => c.id === t.channel.id);
    expect(mine).toMatchObject({ tenantId: t.tenant.id, tenantName: t.tenant.name, type: 'webchat', status: 'connected', node: null });
    expect(mine.lastActivityAt).toEqual(expect.any(String));
    expect(all.body.find((c: any) => c.id === qr.id)).toMatchObject({
      tenantId: other.tenant.id,
      number: '5511988887777',
      node: 'node-a:123:beef',
      nodeSince: expect.any(String),
      lastActivityAt: null,
    });

    const one = await api.get(`/platform/channel-sessions?tenantId=${other.tenant.id}`, { token: root });
    expect(new Set(one.body.map((c: any) => c.tenantId))).toEqual(new Set([other.tenant.id]));

    // A tenant admin sees its own tenant's channels only.
    const own = await api.get('/channel-sessions', { token: t.admin.token });
    expect(own.status).toBe(200);
    expect(own.body.length).toBeGreaterThan(0);
    expect(new Set(own.body.map((c: any) => c.tenantId))).toEqual(new Set([t.tenant.id]));
  });

  it('restarts and disconnects any tenant’s channel through the channels module, audited with who, when, what and target', async () => {
    const channel = await buildChannel(server.ctx, other.tenant.id, { name: 'Site', status: 'disconnected' });
    const restarted = await api.post(`/platform/tenants/${other.tenant.id}/channel-sessions/${channel.id}/restart`, undefined, {
      token: root,
    });
    expect(restarted.status, JSON.stringify(restarted.body)).toBe(200);
    expect(restarted.body).toEqual({ id: channel.id, tenantId: other.tenant.id, status: 'connected' });

    const stopped = await api.post(`/platform/tenants/${other.tenant.id}/channel-sessions/${channel.id}/disconnect`, undefined, {
      token: root,
    });
    expect(stopped.body.status).toBe('disconnected');

    const [audit] = await auditOf('channel.disconnect');
    expect(audit).toMatchObject({
      actor_tenant_id: 1,
      actor_name: expect.any(String),
      target_type: 'channel',
      target_id: String(channel.id),
      target_tenant_id: other.tenant.id,
      outcome: 'ok',
    });
    expect(audit.at).toBeTruthy();
    expect((await auditOf('channel.restart'))[0]).toMatchObject({ target_id: String(channel.id), outcome: 'ok' });

    // A channel that is not in the named tenant: 404, audited as such.
    const wrong = await api.post(`/platform/tenants/${t.tenant.id}/channel-sessions/${channel.id}/restart`, undefined, { token: root });
    expect(wrong.status).toBe(404);
    expect(wrong.body.error).toBe('ERR_NO_WAPP_FOUND');
    expect((await auditOf('channel.restart'))[0]).toMatchObject({ target_tenant_id: t.tenant.id, outcome: 'ERR_NO_WAPP_FOUND' });
  });

  it('a tenant admin restarts and disconnects its own channels only', async () => {
    const channel = await buildChannel(server.ctx, t.tenant.id, { name: 'Loja', status: 'connected' });
    const stopped = await api.post(`/channel-sessions/${channel.id}/disconnect`, undefined, { token: t.admin.token });
    expect(stopped.status).toBe(200);
    expect(stopped.body).toEqual({ id: channel.id, tenantId: t.tenant.id, status: 'disconnected' });
    expect((await auditOf('channel.disconnect'))[0]).toMatchObject({ actor_user_id: t.admin.id, target_tenant_id: t.tenant.id });

    const foreign = await api.post(`/channel-sessions/${other.channel.id}/restart`, undefined, { token: t.admin.token });
    expect(foreign.status).toBe(404);
    expect((await rows(server.ctx, sql`select status from channels where id = ${other.channel.id}`))[0].status).toBe('connected');
  });
});

describe('task-queue monitor (SPEC §9) on the real pg-boss', () => {
  const failedCount = async () =>
    ((await api.get('/platform/queues', { token: root })).body.queues as any[]).find((q) => q.name === 'test.always-fails');

  it('counts jobs by state, lists failed jobs with their errors, retries and deletes them; audited', async () => {
    await server.ctx.jobs.send('test.always-fails', { n: 1 });
    await server.ctx.jobs.send('test.always-fails', { n: 2 });
    const listed = await eventually(async () => {
      const queue = await failedCount();
      return queue?.failed === 2 ? queue : undefined;
    });
    expect(listed).toMatchObject({ kind: 'job', waiting: 0, active: 0, failed: 2, advice: 'restartQueue', failedRestarts: 0 });
    const list = await api.get('/platform/queues', { token: root });
    expect(list.body).toMatchObject({ refreshMs: 10_000, restartAdviceLimit: 5 });
    expect(list.body.queues.find((q: any) => q.name === 'message.send')).toMatchObject({ kind: 'job' });

    const failed = await api.get('/platform/queues/test.always-fails/failed', { token: root });
    expect(failed.status).toBe(200);
    expect(failed.body.map((j: any) => j.error).sort()).toEqual(['broken on purpose #1', 'broken on purpose #2']);
    const [first] = failed.body;
    expect(first).toMatchObject({ queue: 'test.always-fails', retryCount: 0, failedAt: expect.any(String) });

    // Retry: the job runs again (and fails again, one more attempt counted).
    const retried = await api.post(`/platform/queues/test.always-fails/jobs/${first.id}/retry`, undefined, { token: root });
    expect(retried.status, JSON.stringify(retried.body)).toBe(204);
    await eventually(async () => {
      const [row] = await rows(server.ctx, sql`select state, retry_count from pgboss.job where id = ${first.id}::uuid`);
      return row?.state === 'failed' && Number(row.retry_count) === 1;
    });
    expect((await auditOf('queue.job.retry'))[0]).toMatchObject({
      target_type: 'job',
      target_id: first.id,
      outcome: 'ok',
      details: { queue: 'test.always-fails' },
    });

    // Delete: gone from the queue; a second delete is a 404.
    expect((await api.delete(`/platform/queues/test.always-fails/jobs/${first.id}`, { token: root })).status).toBe(204);
    expect(await count(server.ctx, sql`select count(*) from pgboss.job where id = ${first.id}::uuid`)).toBe(0);
    const again = await api.delete(`/platform/queues/test.always-fails/jobs/${first.id}`, { token: root });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('ERR_NO_JOB_FOUND');
    expect((await auditOf('queue.job.delete')).map((a) => a.outcome)).toEqual(['ERR_NO_JOB_FOUND', 'ok']);

    // Unknown queue and a retry of a job that is not failed.
    expect((await api.get('/platform/queues/no.such.queue/failed', { token: root })).body.error).toBe('ERR_NO_JOB_QUEUE_FOUND');
    expect((await api.post(`/platform/queues/test.always-fails/jobs/${FAKE_JOB}/retry`, undefined, { token: root })).status).toBe(404);
  });

  it(`advises restarting the queue while restarts help, and the server after ${QUEUE_RESTART_ADVICE_LIMIT} failed restarts in a row`, async () => {
    await eventually(async () => ((await failedCount())?.failed ?? 0) >= 1);
    for (let restart = 1; restart <= QUEUE_RESTART_ADVICE_LIMIT; restart++) {
      const answer = await api.post('/platform/queues/test.always-fails/restart', undefined, { token: root });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body).toMatchObject({ queue: 'test.always-fails', failedRestarts: restart - 1 });
      expect(answer.body.retried).toBeGreaterThanOrEqual(1);
      // The retried jobs fail again: this restart failed.
      const queue = await eventually(async () => {
        const q = await failedCount();
        return q?.failedRestarts === restart && q.waiting === 0 && q.active === 0 ? q : undefined;
      });
      expect(queue.advice).toBe(restart < QUEUE_RESTART_ADVICE_LIMIT ? 'restartQueue' : 'restartServer');
    }
    expect((await auditOf('queue.restart')).length).toBe(QUEUE_RESTART_ADVICE_LIMIT);

    // Deleting the failures: nothing failed since the last restart, nothing advised.
    for (const job of (await api.get('/platform/queues/test.always-fails/failed', { token: root })).body)
      await api.delete(`/platform/queues/test.always-fails/jobs/${job.id}`, { token: root });
    expect(await failedCount()).toMatchObject({ failed: 0, advice: 'none' });
  });
});

describe('tenant environment data, version', () => {
  it('per tenant: users, channels, storage used, messages this month, last activity (one statement)', async () => {
    const { messageId } = await inboundTicket(server.ctx, { tenantId: other.tenant.id, channelId: other.channel.id }, { body: 'Bom dia' });
    await server.ctx.db.execute(
      sql`update messages set media_size = 2048, media_key = ${`${other.tenant.id}/${'x'.repeat(32)}`} where id = ${messageId}`,
    );
    const usage = await api.get('/platform/tenant-usage', { token: root });
    expect(usage.status).toBe(200);
    const row = usage.body.find((u: any) => u.tenantId === other.tenant.id);
    expect(row).toMatchObject({
      name: other.tenant.name,
      users: await count(server.ctx, sql`select count(*) from users where tenant_id = ${other.tenant.id}`),
      channels: await count(server.ctx, sql`select count(*) from channels where tenant_id = ${other.tenant.id}`),
      storageBytes: 2048,
      messagesThisMonth: await count(server.ctx, sql`select count(*) from messages where tenant_id = ${other.tenant.id}`),
      lastActivityAt: expect.any(String),
    });
    expect(usage.body.find((u: any) => u.tenantId === 1)).toBeTruthy();
  });

  it('the running version and the migrations (none pending on a started server)', async () => {
    const version = await api.get('/platform/version', { token: root });
    expect(version.status).toBe(200);
    expect(version.body).toMatchObject({
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      node: process.version,
      pgBoss: expect.any(String),
    });
    expect(version.body.migrations.pending).toEqual([]);
    expect(version.body.migrations.applied).toBe(version.body.migrations.total);
    expect(version.body.migrations.latest).toMatch(/platform_ops|^\d{4}_/);
  });
});

describe('orphaned-media cleanup', () => {
  it('removes, as a job with progress, only the old files no row names; a dry run only counts them', async () => {
    const ctx = server.ctx;
    const save = async () => ctx.media.save(t.tenant.id, Buffer.from(`file ${Math.random()}`));
    const root_ = resolve(ctx.env.DATA_DIR, 'media');
    const pathOf = (key: string) => join(root_, ...key.split('/'));
    const age = async (key: string) => {
      const old = new Date(Date.now() - 48 * 3600_000);
      await utimes(pathOf(key), old, old);
    };
    const inMessage = await save();
    const inJson = await save();
    const orphan = await save();
    const youngOrphan = await save();
    for (const key of [inMessage, inJson, orphan]) await age(key);
    const { messageId } = await inboundTicket(ctx, { tenantId: t.tenant.id, channelId: t.channel.id }, { body: 'foto' });
    await ctx.db.execute(sql`update messages set media_key = ${inMessage} where id = ${messageId}`);
    await ctx.db.execute(
      sql`update channels set settings = settings || ${JSON.stringify({ logo: { key: inJson } })}::jsonb where id = ${t.channel.id}`,
    );

    const waitDone = async (id: string) =>
      eventually(async () => {
        const run = await api.get(`/platform/maintenance/runs/${id}`, { token: root });
        return run.body.status === 'done' || run.body.status === 'failed' ? run.body : undefined;
      });

    const dry = await api.post('/platform/maintenance/media-cleanup', { dryRun: true }, { token: root });
    expect(dry.status, JSON.stringify(dry.body)).toBe(202);
    expect(dry.body).toMatchObject({ status: 'queued', dryRun: true, kind: 'media-cleanup' });
    const dryDone = await waitDone(dry.body.id);
    expect(dryDone).toMatchObject({ status: 'done', orphaned: 1, removed: 0 });
    expect(dryDone.scanned).toBeGreaterThanOrEqual(4);
    expect(existsSync(pathOf(orphan))).toBe(true);

    const real = await api.post('/platform/maintenance/media-cleanup', {}, { token: root });
    const done = await waitDone(real.body.id);
    expect(done).toMatchObject({ status: 'done', orphaned: 1, removed: 1, finishedAt: expect.any(String) });
    expect(done.bytesFreed).toBeGreaterThan(0);
    expect(existsSync(pathOf(orphan))).toBe(false);
    for (const key of [inMessage, inJson, youngOrphan]) expect(existsSync(pathOf(key)), key).toBe(true);

    expect((await auditOf('media.cleanup')).map((a) => a.details.dryRun)).toEqual([false, true]);
    const runs = await api.get('/platform/maintenance/runs', { token: root });
    expect(runs.body[0].id).toBe(real.body.id);
  });

  it('one at a time: 409 ERR_MAINTENANCE_RUNNING while one is queued or running', async () => {
    await server.ctx.db.execute(
      sql`insert into maintenance_runs (id, kind, status) values (gen_random_uuid(), 'media-cleanup', 'running')`,
    );
    const refused = await api.post('/platform/maintenance/media-cleanup', { dryRun: true }, { token: root });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('ERR_MAINTENANCE_RUNNING');
    expect((await auditOf('media.cleanup'))[0].outcome).toBe('ERR_MAINTENANCE_RUNNING');
    await server.ctx.db.execute(sql`update maintenance_runs set status = 'failed' where status = 'running'`);
  });
});

describe('media migration without S3 settings', () => {
  it('says the local folder is in use and refuses to start (409 ERR_MEDIA_S3_NOT_CONFIGURED), audited; nothing is queued', async () => {
    const storage = await api.get('/platform/media-storage', { token: root });
    expect(storage.body).toEqual({ active: 'local', s3Configured: false, s3: null });
    for (const target of ['s3', 'local']) {
      const refused = await api.post('/platform/maintenance/media-migration', { target }, { token: root });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe('ERR_MEDIA_S3_NOT_CONFIGURED');
      expect(refused.body.message).toContain('MEDIA_S3_ENDPOINT');
    }
    expect((await auditOf('media.migrate')).map((a) => a.outcome)).toEqual(['ERR_MEDIA_S3_NOT_CONFIGURED', 'ERR_MEDIA_S3_NOT_CONFIGURED']);
    expect((await api.get('/platform/maintenance/media-migrations', { token: root })).body).toEqual([]);
  });
});

describe('the diagnostics console (/terminal)', () => {
  it('runs each fixed read-only command, audited; anything else is refused as bad input', async () => {
    for (const command of ['health', 'versions', 'database', 'queues', 'errors']) {
      const answer = await api.post('/platform/console', { command }, { token: root });
      expect(answer.status, `${command}: ${JSON.stringify(answer.body)}`).toBe(200);
      expect(answer.body).toMatchObject({ command, ranAt: expect.any(String) });
      expect(answer.body.lines.length).toBeGreaterThan(0);
    }
    const health = await api.post('/platform/console', { command: 'health' }, { token: root });
    expect(health.body.lines[0]).toMatch(/^database: ok/);
    expect((await api.post('/platform/console', { command: 'versions' }, { token: root })).body.lines.join('\n')).toContain(
      `node: ${process.version}`,
    );

    for (const command of ['ls', 'health; rm -rf /', 'HEALTH', '', 42]) {
      const refused = await api.post('/platform/console', { command }, { token: root });
      expect(refused.status, String(command)).toBe(400);
      expect(refused.body.error).toBe('ERR_VALIDATION');
    }
    expect((await api.post('/platform/console', { command: 'health', args: ['--all'] }, { token: root })).status).toBeLessThan(500);
    const audits = await auditOf('console.run');
    // The five commands, health and versions again, then health with an ignored extra field; refused bodies run nothing.
    expect(audits.map((a) => a.target_id)).toEqual(['health', 'versions', 'health', 'errors', 'queues', 'database', 'versions', 'health']);
    expect(audits[0]).toMatchObject({ target_type: 'console', outcome: 'ok', actor_tenant_id: 1 });
  });
});

describe('the update upload (/atualizar)', () => {
  const upload = async (name: string, content: Buffer, token = root) => {
    const form = new FormData();
    form.append('file', new Blob([content]), name);
    const response = await fetch(`${server.url}/platform/update`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };

  it('is always refused with how to update (never stored, unpacked or run); another name is refused as such; audited', async () => {
    const zip = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(4096, 1)]);
    const refused = await upload('update_rapido.zip', zip);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'ERR_UPDATE_NOT_VERIFIED' });
    expect(refused.body.message).toMatch(/never unpacks or runs uploaded code/);

    const named = await upload('update.tar.gz', zip);
    expect(named.status).toBe(400);
    expect(named.body.error).toBe('ERR_UPDATE_FILE_NAME');

    const audits = await auditOf('update.upload');
    expect(audits.slice(0, 2).map((a) => [a.target_id, a.outcome, a.details.bytes])).toEqual([
      ['update.tar.gz', 'ERR_UPDATE_FILE_NAME', zip.length],
      ['update_rapido.zip', 'ERR_UPDATE_NOT_VERIFIED', zip.length],
    ]);

    const notMultipart = await api.post('/platform/update', { file: 'x' }, { token: root });
    expect(notMultipart.status).toBe(415);
  });
});

describe('the audit log', () => {
  it('lists the actions newest first, filtered by action', async () => {
    const all = await api.get('/platform/audit?limit=200', { token: root });
    expect(all.status).toBe(200);
    expect(all.body.length).toBeGreaterThan(5);
    const ids = all.body.map((a: any) => a.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    const consoleRuns = await api.get('/platform/audit?action=console.run', { token: root });
    expect(consoleRuns.body.every((a: any) => a.action === 'console.run')).toBe(true);
    expect(consoleRuns.body[0]).toMatchObject({ tenantId: 1, userName: expect.any(String), targetType: 'console' });
  });
});
