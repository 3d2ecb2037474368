/**
 * The media store's S3 option and the media migration job (/atualizar), on the database of the run
 * (PGlite, or PostgreSQL with TEST_DATABASE_URL) against the local S3 simulator: every file of the
 * local folder copied to S3 with progress (files and bytes), a file already there with the same
 * size and MD5 skipped, a different one copied again; then S3 is where files are written and read;
 * a run interrupted by the bucket failing resumes without copying anything twice; a re-run copies
 * nothing; and back to the local folder. Audited; the tenant-1 superadmin only.
 */
import { startS3Simulator, type S3Simulator } from '@conversa/simulators';
import { sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { buildAgent, eventually, rows, type Agent } from '../../../test/inbox.js';

let sim: S3Simulator;
let server: TestServer;
let api: Api;
let root: string;
let mainAdmin: Agent;
let dataDir: string;
const BUCKET = 'conversa-media';

beforeAll(async () => {
  sim = await startS3Simulator({
    buckets: [BUCKET],
    region: 'sa-east-1',
    accessKeyId: 'AKIACONVERSATEST',
    secretAccessKey: 'c2VjcmV0LWtleS1vZi10aGUtc2ltdWxhdG9y',
  });
  dataDir = await mkdtemp(join(tmpdir(), 'conversa-media-migration-'));
  server = await startTestServer(
    {
      DATA_DIR: dataDir,
      MEDIA_S3_ENDPOINT: sim.url,
      MEDIA_S3_REGION: 'sa-east-1',
      MEDIA_S3_BUCKET: BUCKET,
      MEDIA_S3_ACCESS_KEY_ID: 'AKIACONVERSATEST',
      MEDIA_S3_SECRET_ACCESS_KEY: 'c2VjcmV0LWtleS1vZi10aGUtc2ltdWxhdG9y',
    },
    { context: { pollingIntervalSeconds: 1 } },
  );
  api = new Api(server.url);
  root = (await api.loginRoot()).token;
  mainAdmin = await buildAgent(server, 1, 'admin', 'Admin do tenant 1');
});
afterAll(async () => {
  await server?.close();
  await sim?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const bucket = () => sim.buckets.get(BUCKET)!;
const md5 = (content: Buffer) => createHash('md5').update(content).digest('hex');
const localPath = (key: string) => join(dataDir, 'media', ...key.split('/'));
const putsOf = (key: string) => sim.requests.filter((r) => r.method === 'PUT' && r.path === `/${BUCKET}/${key}`).length;

async function finished(id: string) {
  return eventually(
    async () => {
      const run = await api.get(`/platform/maintenance/media-migrations/${id}`, { token: root });
      return run.body.status === 'done' || run.body.status === 'failed' ? run.body : undefined;
    },
    { timeoutMs: 30_000, intervalMs: 100, what: `media migration ${id} to finish` },
  );
}

describe('media migration', () => {
  const files: { key: string; content: Buffer }[] = [];

  it('starts on the local folder; a tenant admin of tenant 1 is refused', async () => {
    const storage = await api.get('/platform/media-storage', { token: root });
    expect(storage.status).toBe(200);
    expect(storage.body).toEqual({ active: 'local', s3Configured: true, s3: { endpoint: sim.url, bucket: BUCKET, region: 'sa-east-1' } });
    expect(JSON.stringify(storage.body)).not.toContain('c2VjcmV0');
    const refused = await api.post('/platform/maintenance/media-migration', { target: 's3' }, { token: mainAdmin.token });
    expect(refused.status).toBe(403);
    expect((await api.post('/platform/maintenance/media-migration', { target: 'nowhere' }, { token: root })).status).toBe(400);
  });

  it('copies every file to S3 with progress, skipping what is already there, then S3 is where files are kept', async () => {
    for (const tenant of [1, 2, 3]) {
      for (let i = 0; i < 4; i++) {
        const content = randomBytes(1000 + tenant * 100 + i);
        files.push({ key: await server.ctx.media.save(tenant, content), content });
      }
    }
    expect(bucket().size).toBe(0);
    // Already copied (same bytes): skipped. Same size, other bytes (MD5 differs): copied again.
    sim.putObject(BUCKET, files[0].key, files[0].content);
    const stale = Buffer.from(files[1].content);
    stale[0] ^= 0xff;
    sim.putObject(BUCKET, files[1].key, stale);

    const started = await api.post('/platform/maintenance/media-migration', { target: 's3' }, { token: root });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body).toMatchObject({ source: 'local', target: 's3', status: 'queued' });
    const run = await finished(started.body.id);
    const totalBytes = files.reduce((sum, f) => sum + f.content.length, 0);
    expect(run).toMatchObject({
      status: 'done',
      totalFiles: 12,
      totalBytes,
      copied: 11,
      skipped: 1,
      bytesCopied: totalBytes - files[0].content.length,
      attempts: 1,
      error: null,
    });
    for (const file of files) expect(bucket().get(file.key)!.etag).toBe(`"${md5(file.content)}"`);
    expect(putsOf(files[0].key)).toBe(0);

    expect((await api.get('/platform/media-storage', { token: root })).body.active).toBe('s3');
    // New files go to S3; old ones are read from S3 even when the local copy is gone.
    const fresh = randomBytes(321);
    const freshKey = await server.ctx.media.save(2, fresh);
    expect(bucket().get(freshKey)!.body.equals(fresh)).toBe(true);
    expect(existsSync(localPath(freshKey))).toBe(false);
    await rm(localPath(files[2].key));
    expect((await server.ctx.media.read(files[2].key))!.equals(files[2].content)).toBe(true);
    files.push({ key: freshKey, content: fresh });

    const audit = await rows(server.ctx, sql`select * from platform_audit_log where action = 'media.migrate' order by id desc`);
    expect(audit[0]).toMatchObject({
      outcome: 'ok',
      target_type: 'media',
      details: { source: 'local', target: 's3', runId: started.body.id },
    });
  });

  it('a run interrupted by the bucket failing resumes and copies nothing twice; a re-run copies nothing', async () => {
    // Back to local first, with a copy that the S3 side lacks.
    const back = await finished((await api.post('/platform/maintenance/media-migration', { target: 'local' }, { token: root })).body.id);
    // 13 files at S3; 12 already local except the removed one and the fresh one.
    expect(back).toMatchObject({ status: 'done', source: 's3', target: 'local', totalFiles: 13, copied: 2, skipped: 11 });
    expect((await api.get('/platform/media-storage', { token: root })).body.active).toBe('local');
    const more: { key: string; content: Buffer }[] = [];
    for (let i = 0; i < 5; i++) {
      const content = randomBytes(2000 + i);
      more.push({ key: await server.ctx.media.save(4, content), content });
    }
    files.push(...more);

    // The bucket fails every attempt the SDK makes for one of the new files: the job's attempt fails, the job retries.
    const victim = more[2].key;
    sim.fail({
      path: new RegExp(victim.replace('/', '\\/')),
      status: 500,
      body: '<?xml version="1.0" encoding="UTF-8"?><Error><Code>InternalError</Code><Message>We encountered an internal error. Please try again.</Message></Error>',
      headers: { 'content-type': 'application/xml' },
      times: 3,
    });
    const started = await api.post('/platform/maintenance/media-migration', { target: 's3' }, { token: root });
    expect(started.status).toBe(202);
    // Another migration while it runs: refused.
    const twice = await api.post('/platform/maintenance/media-migration', { target: 's3' }, { token: root });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('ERR_MEDIA_MIGRATION_RUNNING');

    const run = await finished(started.body.id);
    expect(run.status).toBe('done');
    expect(run.attempts).toBeGreaterThanOrEqual(2);
    expect(run.totalFiles).toBe(18);
    expect(run.copied + run.skipped).toBe(18);
    for (const file of files) {
      expect(bucket().get(file.key)?.etag, file.key).toBe(`"${md5(file.content)}"`);
      // Each new file was PUT exactly once, whatever the restart.
      if (more.includes(file)) expect(putsOf(file.key), file.key).toBe(1);
    }

    const rerun = await finished((await api.post('/platform/maintenance/media-migration', { target: 's3' }, { token: root })).body.id);
    expect(rerun).toMatchObject({ status: 'done', totalFiles: 18, copied: 0, skipped: 18, bytesCopied: 0 });
    expect((await api.get('/platform/media-storage', { token: root })).body.active).toBe('s3');
  });

  it('lists the runs newest first; an unknown run is a 404', async () => {
    const list = await api.get('/platform/maintenance/media-migrations', { token: root });
    expect(list.status).toBe(200);
    expect(list.body.length).toBe(4);
    expect(list.body[0]).toMatchObject({ target: 's3', copied: 0 });
    const missing = await api.get('/platform/maintenance/media-migrations/00000000-0000-4000-8000-000000000000', { token: root });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('ERR_NO_MEDIA_MIGRATION_FOUND');
  });
});
