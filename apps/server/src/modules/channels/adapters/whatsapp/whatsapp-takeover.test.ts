/**
 * Session ownership for the `whatsapp` type: two SessionHosts play two server processes on one
 * database. The holder's whatsapp-web.js client is built with the database-backed RemoteAuth; when
 * the holder stops renewing its lease, the other process takes the channel over with a new client
 * on the same stored login, and the old holder, unable to renew, destroys its client.
 */
import { sql } from 'drizzle-orm';
import WAWebJS from 'whatsapp-web.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../../test/harness.js';
import { buildChannel, buildInboxTenant, eventually, rows, type InboxTenant } from '../../../../../test/inbox.js';
import { findLiveSessionLease } from '../../sessions/session-leases.repository.js';
import { registerSessionDriver, SessionHost } from '../../sessions/session-host.js';
import { RecordedClient } from './fixtures/recorded-client.js';
import { createWhatsappDriver, whatsappWebDriver } from './whatsapp.driver.js';

const TTL = 2_000;

let server: TestServer;
let t: InboxTenant;
const clients: RecordedClient[] = [];
const hosts: SessionHost[] = [];

beforeAll(async () => {
  server = await startTestServer();
  t = await buildInboxTenant(server);
  registerSessionDriver(
    createWhatsappDriver({
      createClient: (options) => {
        const client = new RecordedClient(options);
        clients.push(client);
        return client;
      },
    }),
  );
}, 60_000);

afterAll(async () => {
  for (const host of hosts) await host.stop();
  registerSessionDriver(whatsappWebDriver);
  await server?.close();
});

function host(owner: string): SessionHost {
  const created = new SessionHost(server.ctx, { owner, leaseTtlMs: TTL, timers: false, waitMs: 10_000 });
  hosts.push(created);
  return created;
}

describe('whatsapp sessions across server processes', () => {
  it('another process takes the session over with the stored login when the holder stops renewing', async () => {
    const channel = await buildChannel(server.ctx, t.tenant.id, { type: 'whatsapp', status: 'disconnected' });
    const a = host('node-a');
    const b = host('node-b');

    await a.startSession(channel);
    expect(a.holds(channel.id)).toBe(true);
    const first = clients.at(-1)!;
    expect(first.called('initialize')).toHaveLength(1);
    first.info = { wid: { user: '5511900001111', _serialized: '5511900001111@c.us' } };
    first.emit('ready');
    await eventually(async () =>
      (await rows(server.ctx, sql`select status from channels where id = ${channel.id}`))[0].status === 'connected' ? true : undefined,
    );

    // B finds nothing to take while A's lease lives (renewed just before: the steps above may take a TTL).
    await a.renew();
    await b.sweep();
    expect(b.holds(channel.id)).toBe(false);

    // A stops renewing (its process hangs or died): once the lease expired (a genuine wait, up to TTL), B's sweep takes over.
    await eventually(async () => !(await findLiveSessionLease(server.ctx.db, t.tenant.id, channel.id)), {
      timeoutMs: TTL + 5_000,
      what: "A's lease to expire",
    });
    await b.sweep();
    expect(b.holds(channel.id)).toBe(true);
    const second = clients.at(-1)!;
    expect(second).not.toBe(first);
    expect(second.called('initialize')).toHaveLength(1);
    // The same login: RemoteAuth of this channel, whose store is the database.
    expect(second.options.authStrategy).toBeInstanceOf(WAWebJS.RemoteAuth);
    expect(second.options.authStrategy).toMatchObject({ clientId: `channel-${channel.id}` });
    second.info = first.info;
    second.emit('ready');
    await eventually(async () =>
      (await rows(server.ctx, sql`select status from channels where id = ${channel.id}`))[0].status === 'connected' ? true : undefined,
    );

    // A wakes up: its renewal fails, so it destroys its client without logging the phone out.
    await a.renew();
    expect(a.holds(channel.id)).toBe(false);
    expect(first.called('destroy')).toHaveLength(1);
    expect(first.called('logout')).toHaveLength(0);
    expect((await rows(server.ctx, sql`select owner from channel_session_leases where channel_id = ${channel.id}`))[0]).toMatchObject({
      owner: 'node-b',
    });
  });
});
