/**
 * Several server processes on one database, each holding a connection to the same voice-call
 * device (issue 15: "one recording per call with several nodes"): every process hears the device's
 * signals, and a call is recorded once, each of its changes applied (and told to the softphones)
 * once.
 */
import { sql } from 'drizzle-orm';
import { startWavoipSimulator, wavoipSignal, type WavoipSimulator } from '@conversa/simulators';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Api } from '../../../test/api.js';
import { testEnv } from '../../../test/env.js';
import { buildTenant } from '../../../test/factories.js';
import { openTestDatabase, startNodeOn, type TestServer } from '../../../test/harness.js';
import { buildAgent, buildChannel, connectAgent, rows, type AgentSocket } from '../../../test/inbox.js';

let sim: WavoipSimulator;
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let first: TestServer;
let second: TestServer;
let onFirst: AgentSocket;
let onSecond: AgentSocket;
let channelId: number;

beforeAll(async () => {
  sim = await startWavoipSimulator();
  sim.device('tok-shared', 'answer');
  database = await openTestDatabase();
  await database.database.migrate();
  const env = testEnv({ WAVOIP_BASE_URL: sim.url });
  first = await startNodeOn(database.database, env);
  const tenant = await buildTenant(first.ctx);
  const admin = await buildAgent(first, tenant.id, 'admin');
  channelId = (await buildChannel(first.ctx, tenant.id, { name: 'Vendas', number: '5511911110000' })).id;
  const saved = await new Api(first.url).put(`/channels/${channelId}/call-tokens`, { tokens: 'tok-shared' }, { token: admin.token });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  // The second process connects every channel's devices when it starts.
  second = await startNodeOn(database.database, env);
  await vi.waitFor(() => expect(sim.connections('tok-shared')).toBe(2), { timeout: 5000 });
  // The same user, with a tab on each process (without Redis each process tells its own sockets).
  onFirst = await connectAgent(first.url, admin.token);
  onSecond = await connectAgent(second.url, admin.token);
});
afterAll(async () => {
  onFirst?.close();
  onSecond?.close();
  await second?.close();
  await first?.close();
  await database?.database.close();
  await database?.drop();
  await sim?.close();
});

const statusEvents = (status: string, phone: string) =>
  [...onFirst.received('call:status'), ...onSecond.received('call:status')].filter(
    (p: { call: { status: string; phone: string } }) => p.call.status === status && p.call.phone === phone,
  );

describe('two processes holding the same device', () => {
  it('record an incoming call once and apply each of its changes once', async () => {
    for (let round = 0; round < 3; round++) {
      const phone = `55119666600${round}${round}`;
      // Each process hears each signal at the same moment; the customer's side moves on once told.
      sim.offer('tok-shared', phone, 'Dona Maria');
      await vi.waitFor(() => expect(statusEvents('offer', phone).length).toBeGreaterThanOrEqual(1), { timeout: 5000 });
      sim.signal('tok-shared', wavoipSignal.accept());
      await vi.waitFor(() => expect(statusEvents('accept', phone).length).toBeGreaterThanOrEqual(1), { timeout: 5000 });
      sim.signal('tok-shared', wavoipSignal.terminate());
      // The positive marker: the end has been told (by whichever process applied it).
      await vi.waitFor(() => expect(statusEvents('terminate', phone).length).toBeGreaterThanOrEqual(1), { timeout: 5000 });
      const recorded = await rows(first.ctx, sql`select id, status, answered_at from calls where phone = ${phone}`);
      expect(recorded).toHaveLength(1);
      expect(recorded[0]).toMatchObject({ status: 'terminate' });
      expect(recorded[0].answered_at).not.toBeNull();
      expect(statusEvents('offer', phone)).toHaveLength(1);
      expect(statusEvents('accept', phone)).toHaveLength(1);
      expect(statusEvents('terminate', phone)).toHaveLength(1);
    }
  });

  it('an offer while an unfinished call is left on the instance ends that one: one live call per instance', async () => {
    sim.offer('tok-shared', '5511955550001');
    await vi.waitFor(() => expect(statusEvents('offer', '5511955550001')).toHaveLength(1), { timeout: 5000 });
    // Its end is never heard; the device rings for another customer.
    sim.offer('tok-shared', '5511955550002');
    await vi.waitFor(() => expect(statusEvents('offer', '5511955550002')).toHaveLength(1), { timeout: 5000 });
    const live = await rows(
      first.ctx,
      sql`select phone from calls where channel_id = ${channelId} and status not in ('terminate', 'reject', 'accept_elsewhere', 'reject_elsewhere')`,
    );
    expect(live).toEqual([{ phone: '5511955550002' }]);
    const [old] = await rows(first.ctx, sql`select status from calls where phone = '5511955550001'`);
    expect(old.status).toBe('terminate');
  });
});
