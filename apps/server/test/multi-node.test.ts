import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from './databases.js';
import { startTestServer, type TestServer } from './harness.js';
import { Api } from './api.js';
import {
  buildAgent,
  buildInboxTenant,
  closeAllSockets,
  connectAgent,
  inbound,
  refusedConnection,
  type AgentSocket,
  type InboxTenant,
} from './inbox.js';
import { eventsBeforeMarker } from './markers.js';

/** The reason of the socket's next disconnection. */
const disconnection = (agent: AgentSocket) =>
  new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the socket was not disconnected')), 10_000);
    agent.socket.once('disconnect', (reason) => (clearTimeout(timer), resolve(reason)));
  });

const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;

/**
 * DESIGN §1.1: with DATABASE_URL and REDIS_URL the same code runs as several nodes. Needs a
 * PostgreSQL server (PGlite is one process's) and Redis; `npm test` runs it when both are given.
 */
describe.runIf(TEST_DATABASE_URL && TEST_REDIS_URL)('two server processes on one PostgreSQL database and Redis', () => {
  let nodeA: TestServer;
  let nodeB: TestServer;
  let inbox: InboxTenant;

  beforeAll(async () => {
    const shared = {
      REDIS_URL: TEST_REDIS_URL!,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      JWT_REFRESH_SECRET: randomBytes(48).toString('base64url'),
    };
    nodeA = await startTestServer(shared);
    nodeB = await startTestServer(shared, { joinDatabaseOf: nodeA });
    inbox = await buildInboxTenant(nodeA);
  });
  afterAll(async () => {
    closeAllSockets();
    await nodeB?.close();
    await nodeA?.close();
  });

  it('an agent connected to one node hears, live, the messages that arrive on the other', async () => {
    const onA = await connectAgent(nodeA.url, inbox.agent.token);
    const onB = await connectAgent(nodeB.url, inbox.agent.token);
    const target = { tenantId: inbox.tenant.id, channelId: inbox.channel.id };

    await inbound(nodeB.ctx, target, { body: 'arrived on node B' });
    await onA.waitFor('appMessage', (p) => p.message.body === 'arrived on node B', 10_000);

    await inbound(nodeA.ctx, target, { body: 'arrived on node A' });
    await onB.waitFor('appMessage', (p) => p.message.body === 'arrived on node A', 10_000);
  });

  it('an agent of another queue hears nothing on either node', async () => {
    const outsider = await connectAgent(nodeA.url, inbox.outsider.token);
    const agent = await connectAgent(nodeA.url, inbox.agent.token);
    await inbound(nodeB.ctx, { tenantId: inbox.tenant.id, channelId: inbox.channel.id }, { body: 'not for the outsider' });
    // Node B emitted it (node A's agent heard it): a marker that node B pushes later comes through
    // the same Redis stream, after anything that push sent the outsider.
    await agent.waitFor('appMessage', (p) => p.message.body === 'not for the outsider', 10_000);
    const [before] = await eventsBeforeMarker(nodeB.url, inbox.admin.token, [outsider]);
    expect(before.filter((e) => e.event === 'appMessage' || e.event === 'ticket')).toEqual([]);
  });

  it('a logout or a deactivation on one node drops the sockets held by the other', async () => {
    const api = new Api(nodeA.url);
    const agent = await buildAgent(nodeA, inbox.tenant.id);
    const onB = await connectAgent(nodeB.url, agent.token);
    const gone = disconnection(onB);
    expect((await api.post('/auth/logout/', undefined, { token: agent.token })).status).toBe(204);
    expect(await gone).toBe('io server disconnect');
    expect((await refusedConnection(nodeB.url, { token: agent.token })).message).toBe('ERR_INVALID_TOKEN');

    const doomed = await buildInboxTenant(nodeA);
    const members = await Promise.all([doomed.agent, doomed.admin].map((m) => connectAgent(nodeB.url, m.token)));
    const dropped = members.map(disconnection);
    const root = await api.loginRoot();
    expect((await api.put(`/tenants/${doomed.tenant.id}`, { status: 'inactive' }, { token: root.token })).status).toBe(200);
    for (const reason of await Promise.all(dropped)) expect(reason).toBe('io server disconnect');
    for (const member of members) expect(member.received('tenant:inactive')).toEqual([{ error: 'ERR_TENANT_INACTIVE' }]);
  });
});
