/**
 * The RemoteAuth store of the `whatsapp` channel: whatsapp-web.js's own RemoteAuth zips a browser
 * profile on one server process, the zip is kept in the database, and another process (another
 * data folder) restores the same profile from it. Logging out deletes it.
 */
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import WAWebJS from 'whatsapp-web.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../../test/harness.js';
import { buildInboxTenant, rows, type InboxTenant } from '../../../../../test/inbox.js';
import { createRemoteAuth, DatabaseAuthStore, WWEBJS_AUTH_CATEGORY } from './whatsapp.auth-store.js';

let server: TestServer;
let t: InboxTenant;
const folders: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  t = await buildInboxTenant(server);
}, 60_000);

afterAll(async () => {
  await server?.close();
  await Promise.all(folders.map((f) => rm(f, { recursive: true, force: true })));
});

/** RemoteAuth as a Client would use it: set up, then asked to prepare the browser profile. */
async function remoteAuthOn(dataPath: string, store: DatabaseAuthStore) {
  const auth = createRemoteAuth(WAWebJS, { store, clientId: `channel-${t.channel.id}`, dataPath, backupSyncIntervalMs: 60_000 }) as any;
  const emitted: string[] = [];
  const client = { options: { puppeteer: {} as Record<string, unknown> }, emit: (event: string) => emitted.push(event) };
  auth.setup(client);
  await auth.beforeBrowserInitialized();
  return { auth, client, emitted, profile: join(dataPath, `RemoteAuth-channel-${t.channel.id}`) };
}

async function scratch(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'conversa-wwebjs-'));
  folders.push(folder);
  return folder;
}

describe('whatsapp-web.js RemoteAuth store in the database', () => {
  it('round-trips a zipped browser profile through the database to another process, saves nothing once closed, and deletes it on logout', async () => {
    const scope = { tenantId: t.tenant.id, channelId: t.channel.id };
    const session = `RemoteAuth-channel-${t.channel.id}`;

    // Process A: no stored session yet, so RemoteAuth starts an empty profile.
    const dataA = await scratch();
    const storeA = new DatabaseAuthStore(server.ctx.db, scope, dataA);
    expect(await storeA.sessionExists({ session })).toBe(false);
    const a = await remoteAuthOn(dataA, storeA);
    expect(a.client.options.puppeteer.userDataDir).toBe(a.profile);
    // What WhatsApp Web keeps of a login (the folders RemoteAuth saves) and a cache it leaves out.
    const levelDb = Buffer.from([0x00, 0x01, 0x02, 0xfe, 0xff, ...Buffer.from('WAWebLogin:recorded')]);
    await mkdir(join(a.profile, 'Default', 'Local Storage', 'leveldb'), { recursive: true });
    await writeFile(join(a.profile, 'Default', 'Local Storage', 'leveldb', '000003.log'), levelDb);
    await mkdir(join(a.profile, 'Default', 'IndexedDB', 'https_web.whatsapp.com_0.indexeddb.leveldb'), { recursive: true });
    await writeFile(join(a.profile, 'Default', 'IndexedDB', 'https_web.whatsapp.com_0.indexeddb.leveldb', 'CURRENT'), 'MANIFEST-000001\n');
    await mkdir(join(a.profile, 'Default', 'Cache'), { recursive: true });
    await writeFile(join(a.profile, 'Default', 'Cache', 'data_0'), 'not part of the login');

    await a.auth.storeRemoteSession({ emit: true });
    expect(a.emitted).toEqual(['remote_session_saved']);
    // The zip was a temporary file; the database holds it.
    expect((await readdir(dataA)).filter((f) => f.endsWith('.zip'))).toEqual([]);
    const [stored] = await rows(
      server.ctx,
      sql`select * from channel_auth_state where channel_id = ${t.channel.id} and category = ${WWEBJS_AUTH_CATEGORY}`,
    );
    expect(stored).toMatchObject({ tenant_id: t.tenant.id, key: session });
    expect(
      Buffer.from(stored.value as string, 'base64')
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
    expect(await storeA.sessionExists({ session })).toBe(true);

    // Process A's session is closed (its lease lost): a late backup (RemoteAuth's afterAuthReady
    // runs on its own timer) must not overwrite the login any more.
    await a.auth.destroy();
    await writeFile(join(a.profile, 'Default', 'Local Storage', 'leveldb', '000003.log'), 'stale profile');
    await a.auth.storeRemoteSession();
    const [unchanged] = await rows(
      server.ctx,
      sql`select value from channel_auth_state where channel_id = ${t.channel.id} and key = ${session}`,
    );
    expect(unchanged.value).toBe(stored.value);

    // Process B (another server, another data folder) takes the session over from the database:
    // the profile is complete as soon as RemoteAuth hands it to Chromium.
    const dataB = await scratch();
    const storeB = new DatabaseAuthStore(server.ctx.db, scope, dataB);
    const b = await remoteAuthOn(dataB, storeB);
    expect(await readFile(join(b.profile, 'Default', 'Local Storage', 'leveldb', '000003.log'))).toEqual(levelDb);
    expect(await readFile(join(b.profile, 'Default', 'IndexedDB', 'https_web.whatsapp.com_0.indexeddb.leveldb', 'CURRENT'), 'utf8')).toBe(
      'MANIFEST-000001\n',
    );
    await expect(readFile(join(b.profile, 'Default', 'Cache', 'data_0'))).rejects.toThrow();
    expect((await readdir(dataB)).filter((f) => f.endsWith('.zip'))).toEqual([]);

    // Logged out: RemoteAuth deletes the stored session and the local profile.
    await b.auth.logout();
    expect(await storeB.sessionExists({ session })).toBe(false);
    expect(await rows(server.ctx, sql`select * from channel_auth_state where channel_id = ${t.channel.id}`)).toEqual([]);
    await expect(readdir(b.profile)).rejects.toThrow();
  });

  it('refuses to extract a session it does not have', async () => {
    const store = new DatabaseAuthStore(server.ctx.db, { tenantId: t.tenant.id, channelId: t.channel.id }, await scratch());
    await expect(store.extract({ session: 'RemoteAuth-missing', path: join(await scratch(), 'x.zip') })).rejects.toThrow(
      /No stored whatsapp-web.js session/,
    );
  });
});
