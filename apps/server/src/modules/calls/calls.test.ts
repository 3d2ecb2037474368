/**
 * Voice calls (issue 15 "Softphone and calls", SPEC §3 Call, §4 call statuses, §7 softphone) against
 * the local Wavoip device simulator: the channel's instance tokens sealed and masked; an outgoing
 * call trying each instance in turn (refusal, 1 s without answer) and 'line busy' when all fail; the
 * devices' signals moving calls through their statuses and ringing the tenant's softphones; accept,
 * reject and hang-up; the call list's filters and pages; blockWavoip refused; tenant isolation.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CALL_LINES_BUSY_MESSAGE, CALL_TOKEN_MASK } from '@conversa/shared';
import { startWavoipSimulator, wavoipSignal, type WavoipSimulator } from '@conversa/simulators';
import { Api } from '../../../test/api.js';
import { openTestDatabase, startNodeOn, startTestServer, type TestServer } from '../../../test/harness.js';
import { testEnv } from '../../../test/env.js';
import { buildTenant } from '../../../test/factories.js';
import { buildAgent, buildChannel, connectAgent, rows, type Agent, type AgentSocket } from '../../../test/inbox.js';

let sim: WavoipSimulator;
let server: TestServer;
let api: Api;
let admin: Agent;
let agent: Agent;
let blocked: Agent;
let otherAdmin: Agent;
let channelId: number;
let otherChannelId: number;
let agentSocket: AgentSocket;

beforeAll(async () => {
  sim = await startWavoipSimulator();
  for (const token of ['tok-refuses', 'tok-silent', 'tok-answers', 'tok-down-1', 'tok-down-2']) {
    sim.device(token, token === 'tok-answers' ? 'answer' : token === 'tok-silent' ? 'silent' : 'fail');
  }
  server = await startTestServer({ WAVOIP_BASE_URL: sim.url });
  api = new Api(server.url);
  const tenant = await buildTenant(server.ctx);
  admin = await buildAgent(server, tenant.id, 'admin', 'Ana Admin');
  agent = await buildAgent(server, tenant.id, 'user', 'Bruno Agente');
  blocked = await buildAgent(server, tenant.id, 'admin', 'Carla Bloqueada');
  const block = await api.put(`/users/${blocked.id}`, { blockWavoip: true }, { token: admin.token });
  expect(block.status, JSON.stringify(block.body)).toBe(200);
  otherAdmin = await buildAgent(server, (await buildTenant(server.ctx)).id, 'admin');
  channelId = (await buildChannel(server.ctx, tenant.id, { name: 'Vendas', number: '5511911110000' })).id;
  otherChannelId = (await buildChannel(server.ctx, tenant.id, { name: 'Suporte' })).id;
  agentSocket = await connectAgent(server.url, agent.token);
});
afterAll(async () => {
  agentSocket?.close();
  await server?.close();
  await sim?.close();
});

describe('channel voice-call tokens', () => {
  it('stores them sealed, answers them masked, keeps a masked one; other tenants get 404; admins only', async () => {
    const saved = await api.put(
      `/channels/${channelId}/call-tokens`,
      { tokens: 'tok-refuses, tok-silent,tok-answers' },
      { token: admin.token },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ channelId, tokens: [CALL_TOKEN_MASK, CALL_TOKEN_MASK, CALL_TOKEN_MASK] });
    const raw = JSON.stringify(await rows(server.ctx, sql`select tokens from channel_call_tokens where channel_id = ${channelId}`));
    for (const token of ['tok-refuses', 'tok-silent', 'tok-answers']) expect(raw).not.toContain(token);
    expect(JSON.stringify((await api.get(`/channels/${channelId}/call-tokens`, { token: admin.token })).body)).not.toContain('tok-');

    // The form sends the masks back: the tokens stay, in order (the devices stay connected).
    const again = await api.put(
      `/channels/${channelId}/call-tokens`,
      { tokens: [CALL_TOKEN_MASK, CALL_TOKEN_MASK, CALL_TOKEN_MASK].join(',') },
      { token: admin.token },
    );
    expect(again.body.tokens).toHaveLength(3);
    await sim.waitConnected('tok-answers');

    expect((await api.get(`/channels/${channelId}/call-tokens`, { token: otherAdmin.token })).body.error).toBe('ERR_NO_WAPP_FOUND');
    expect((await api.put(`/channels/${channelId}/call-tokens`, { tokens: 'x' }, { token: otherAdmin.token })).status).toBe(404);
    expect((await api.get(`/channels/${channelId}/call-tokens`, { token: agent.token })).status).toBe(403);
    const bad = await api.put(`/channels/${channelId}/call-tokens`, { tokens: 'a b' }, { token: admin.token });
    expect(bad.status).toBe(400);
  });
});

describe('outgoing calls', () => {
  it('tries each instance in turn: past a refusal and 1 s of silence, the third carries the call', async () => {
    const before = sim.commands.length;
    const placed = await api.post('/calls', { channelId, phone: '+55 (11) 98888-7777' }, { token: agent.token });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body).toMatchObject({
      direction: 'outgoing',
      status: 'outcoming_calling',
      phone: '5511988887777',
      instance: 3,
      userId: agent.id,
      caller: '5511911110000',
      receiver: '5511988887777',
      inboxName: 'Vendas',
    });
    const starts = sim.commands.slice(before).filter((c) => c.event === 'calls:start');
    expect(starts.map((c) => c.token)).toEqual(['tok-refuses', 'tok-silent', 'tok-answers']);
    expect(starts.every((c) => c.payload === '5511988887777')).toBe(true);
    expect(starts[2].at - starts[1].at).toBeGreaterThanOrEqual(950);

    // The customer answers, then hangs up: the softphones follow.
    sim.signal('tok-answers', wavoipSignal.accept());
    const accepted = await agentSocket.waitFor('call:status', (p) => p.call.id === placed.body.id && p.call.status === 'accept');
    expect(accepted.call.answeredAt).not.toBeNull();
    const hung = await api.post(`/calls/${placed.body.id}/hangup`, {}, { token: agent.token });
    expect(hung.status, JSON.stringify(hung.body)).toBe(200);
    expect(hung.body).toMatchObject({ status: 'terminate', endedAt: expect.any(String) });
    expect(sim.commands.some((c) => c.token === 'tok-answers' && c.event === 'calls:end')).toBe(true);
    const again = await api.post(`/calls/${placed.body.id}/hangup`, {}, { token: agent.token });
    expect(again.body.error).toBe('ERR_CALL_NOT_ACTIVE');
  });

  it("says 'line busy' when every instance fails; a channel without tokens cannot call", async () => {
    await api.put(`/channels/${otherChannelId}/call-tokens`, { tokens: 'tok-down-1,tok-down-2' }, { token: admin.token });
    const busy = await api.post('/calls', { channelId: otherChannelId, phone: '5511977776666' }, { token: agent.token });
    expect(busy.status).toBe(409);
    expect(busy.body).toMatchObject({ error: 'ERR_CALL_LINES_BUSY', message: CALL_LINES_BUSY_MESSAGE });
    expect(sim.commands.filter((c) => c.event === 'calls:start' && c.payload === '5511977776666').map((c) => c.token)).toEqual([
      'tok-down-1',
      'tok-down-2',
    ]);

    await api.put(`/channels/${otherChannelId}/call-tokens`, { tokens: '' }, { token: admin.token });
    expect((await api.post('/calls', { channelId: otherChannelId, phone: '5511977776666' }, { token: agent.token })).body.error).toBe(
      'ERR_CALL_NO_TOKENS',
    );
    expect((await api.post('/calls', { channelId: 999999, phone: '5511977776666' }, { token: agent.token })).body.error).toBe(
      'ERR_NO_WAPP_FOUND',
    );
    expect((await api.post('/calls', { channelId, phone: '12ab' }, { token: agent.token })).status).toBe(400);
  });
});

describe('incoming calls', () => {
  it('an offer rings the softphones; accept records who took it; reject ends another', async () => {
    sim.offer('tok-answers', '5511966665555', 'Dona Maria');
    const offer = await agentSocket.waitFor('call:status', (p) => p.call.status === 'offer' && p.call.phone === '5511966665555');
    expect(offer.call).toMatchObject({
      direction: 'incoming',
      caller: '5511966665555',
      receiver: '5511911110000',
      contactName: 'Dona Maria',
      userId: null,
      instance: 3,
    });
    const accepted = await api.post(`/calls/${offer.call.id}/accept`, {}, { token: agent.token });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'accept', userId: agent.id, userName: 'Bruno Agente', answeredAt: expect.any(String) });
    // The other side hangs up: the call ends with its duration.
    sim.signal('tok-answers', wavoipSignal.terminate());
    const ended = await agentSocket.waitFor('call:status', (p) => p.call.id === offer.call.id && p.call.status === 'terminate');
    expect(ended.call.duration).toBeGreaterThanOrEqual(0);
    // A signal after the end changes nothing.
    sim.signal('tok-answers', wavoipSignal.accept());

    sim.offer('tok-answers', '5511955554444');
    const second = await agentSocket.waitFor('call:status', (p) => p.call.status === 'offer' && p.call.phone === '5511955554444');
    const rejected = await api.post(`/calls/${second.call.id}/reject`, {}, { token: agent.token });
    expect(rejected.body).toMatchObject({ status: 'reject', duration: 0 });
    expect((await api.post(`/calls/${second.call.id}/accept`, {}, { token: agent.token })).body.error).toBe('ERR_CALL_NOT_ACTIVE');
    const [first] = await rows(server.ctx, sql`select status from calls where id = ${offer.call.id}`);
    expect(first.status).toBe('terminate');
  });
});

describe('server start', () => {
  it("connects every channel's devices again after a restart, so that incoming calls ring", async () => {
    sim.device('tok-restart', 'answer');
    const { database, drop } = await openTestDatabase();
    await database.migrate();
    const env = testEnv({ WAVOIP_BASE_URL: sim.url });
    const first = await startNodeOn(database, env);
    let second: Awaited<ReturnType<typeof startNodeOn>> | undefined;
    try {
      const tenant = await buildTenant(first.ctx);
      const owner = await buildAgent(first, tenant.id, 'admin');
      const channel = await buildChannel(first.ctx, tenant.id);
      await new Api(first.url).put(`/channels/${channel.id}/call-tokens`, { tokens: 'tok-restart' }, { token: owner.token });
      await sim.waitConnected('tok-restart');
      await first.close();
      await vi.waitFor(() => expect(sim.connected('tok-restart')).toBe(false));
      second = await startNodeOn(database, env);
      await sim.waitConnected('tok-restart');
    } finally {
      await second?.close();
      await database.close();
      await drop();
    }
  });
});

describe('call list, blockWavoip and tenant isolation', () => {
  it('lists the tenant calls newest first with filters and pages', async () => {
    const all = await api.get('/calls', { token: admin.token });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.count).toBe(3);
    expect(all.body.calls[0].phone).toBe('5511955554444');
    const incoming = await api.get('/calls?direction=incoming&pageSize=1', { token: admin.token });
    expect(incoming.body).toMatchObject({ count: 2, hasMore: true });
    expect(incoming.body.calls).toHaveLength(1);
    const page2 = await api.get('/calls?direction=incoming&pageSize=1&page=2', { token: admin.token });
    expect(page2.body).toMatchObject({ count: 2, hasMore: false });
    expect(page2.body.calls[0].phone).toBe('5511966665555');
    expect((await api.get('/calls?phone=8888', { token: admin.token })).body.count).toBe(1);
    expect((await api.get('/calls?status=reject', { token: admin.token })).body.count).toBe(1);
    expect((await api.get(`/calls?userId=${agent.id}`, { token: admin.token })).body.count).toBe(2);
    expect((await api.get('/calls?from=2000-01-01&to=2000-01-02', { token: admin.token })).body.count).toBe(0);
    expect((await api.get('/calls?status=nonsense', { token: admin.token })).status).toBe(400);
    expect((await api.get('/calls', { token: agent.token })).status).toBe(403);
  });

  it('refuses a user with the softphone blocked (403) on every call route', async () => {
    const { body } = await api.get('/calls', { token: admin.token });
    const id = body.calls[0].id;
    for (const answer of [
      await api.get('/calls', { token: blocked.token }),
      await api.post('/calls', { channelId, phone: '5511944443333' }, { token: blocked.token }),
      await api.post(`/calls/${id}/hangup`, {}, { token: blocked.token }),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body.error).toBe('ERR_CALL_BLOCKED');
    }
    expect(sim.commands.some((c) => c.payload === '5511944443333')).toBe(false);
  });

  it('another tenant sees none of the calls and cannot act on them', async () => {
    const { body } = await api.get('/calls', { token: admin.token });
    const other = await api.get('/calls', { token: otherAdmin.token });
    expect(other.body).toMatchObject({ count: 0, calls: [] });
    const answer = await api.post(`/calls/${body.calls[0].id}/hangup`, {}, { token: otherAdmin.token });
    expect(answer.status).toBe(404);
    expect(answer.body.error).toBe('ERR_NO_CALL_FOUND');
    expect((await api.post('/calls', { channelId, phone: '5511933332222' }, { token: otherAdmin.token })).body.error).toBe(
      'ERR_NO_WAPP_FOUND',
    );
  });
});

describe('a softphone connecting during the ring', () => {
  it('is told of the call ringing now; not of an offer older than the ring window, nor when its user is blocked', async () => {
    sim.offer('tok-answers', '5511933332222', 'Seu Jorge');
    const ringing = await agentSocket.waitFor('call:status', (p) => p.call.status === 'offer' && p.call.phone === '5511933332222');
    // The app opened (or reconnected) while it rings: the new socket hears the offer it missed.
    const late = await connectAgent(server.url, agent.token);
    const blockedSocket = await connectAgent(server.url, blocked.token);
    try {
      const told = await late.waitFor('call:status', (p) => p.call.id === ringing.call.id);
      expect(told.call).toMatchObject({ status: 'offer', direction: 'incoming', contactName: 'Seu Jorge', userId: null });
      // An offer whose end was never heard, older than the ring window, is not rung again.
      await rows(server.ctx, sql`update calls set started_at = now() - interval '5 minutes' where id = ${ringing.call.id}`);
      const later = await connectAgent(server.url, agent.token);
      try {
        // The call's next change reaches every softphone: the first call event of the new socket is that one.
        const rejected = await api.post(`/calls/${ringing.call.id}/reject`, {}, { token: agent.token });
        expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
        await later.waitFor('call:status', (p) => p.call.id === ringing.call.id && p.call.status === 'reject');
        expect(later.received('call:status', (p) => p.call.status === 'offer')).toEqual([]);
      } finally {
        later.close();
      }
      // The blocked user's socket heard neither the offer nor its end (the end reached the others first).
      await late.waitFor('call:status', (p) => p.call.id === ringing.call.id && p.call.status === 'reject');
      expect(blockedSocket.received('call:status')).toEqual([]);
    } finally {
      late.close();
      blockedSocket.close();
    }
  });
});
