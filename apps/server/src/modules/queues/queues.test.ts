import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { Api } from '../../../test/api.js';
import { buildTenant } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { buildAgent, closeAllSockets, connectAgent, type Agent } from '../../../test/inbox.js';
import { roundTrip } from '../../../test/markers.js';
import { rooms } from '../../platform/realtime/rooms.js';
import { AGENTS_NAMESPACE } from '../users/agent-sockets.js';

let server: TestServer;
let api: Api;
let tenantId: number;
let admin: Agent;
let supervisor: Agent;
let agent: Agent;
let peer: Agent;
let otherAdmin: Agent;
let otherAgent: Agent;

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
  const tenant = await buildTenant(server.ctx);
  tenantId = tenant.id;
  admin = await buildAgent(server, tenant.id, 'admin');
  supervisor = await buildAgent(server, tenant.id, 'super');
  agent = await buildAgent(server, tenant.id, 'user');
  peer = await buildAgent(server, tenant.id, 'user');
  const other = await buildTenant(server.ctx);
  otherAdmin = await buildAgent(server, other.id, 'admin');
  otherAgent = await buildAgent(server, other.id, 'user');
});
afterAll(async () => {
  closeAllSockets();
  await server?.close();
});

let sequence = 0;
const queueName = (prefix = 'Fila') => `${prefix} ${++sequence}`;

/** Resolves with the reason when the server disconnects the socket; rejects if it stays connected. */
function serverDisconnect(socket: Socket, timeoutMs = 3_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the socket was not disconnected')), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

const socketsInRoom = async (room: string) => (await server.ctx.realtime!.io.of(AGENTS_NAMESPACE).in(room).fetchSockets()).map((s) => s.id);

describe('POST /queue', () => {
  it('creates a queue with its members (admin only)', async () => {
    const name = queueName('Vendas');
    const response = await api.post(
      '/queue',
      { name, color: '#ff0000', greetingMessage: 'Olá!', userIds: [agent.id, peer.id] },
      { token: admin.token },
    );
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(Number),
      name,
      color: '#ff0000',
      greetingMessage: 'Olá!',
      userIds: [agent.id, peer.id].sort((a, b) => a - b),
    });

    const defaults = await api.post('/queue', { name: queueName() }, { token: admin.token });
    expect(defaults.body).toMatchObject({ color: '#4dabf7', greetingMessage: null, userIds: [] });
  });

  it('refuses a name the tenant already has, in any letter case: 409 ERR_DUPLICATED_QUEUE; another tenant may use it', async () => {
    const name = queueName('Suporte');
    expect((await api.post('/queue', { name }, { token: admin.token })).status).toBe(201);
    const again = await api.post('/queue', { name: `  ${name.toUpperCase()} ` }, { token: admin.token });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'ERR_DUPLICATED_QUEUE', message: 'A queue with this name already exists.' });
    expect((await api.post('/queue', { name }, { token: otherAdmin.token })).status).toBe(201);
  });

  it('validates name and colour', async () => {
    const blank = await api.post('/queue', { name: ' ' }, { token: admin.token });
    expect(blank.status).toBe(400);
    expect(Object.keys(blank.body.fields)).toEqual(['name']);
    const color = await api.post('/queue', { name: queueName(), color: 'red' }, { token: admin.token });
    expect(color.status).toBe(400);
    expect(Object.keys(color.body.fields)).toEqual(['color']);
  });

  it("refuses members who are not users of the tenant (another tenant's user): 404 ERR_NO_USER_FOUND, no queue created", async () => {
    const name = queueName('Intrusa');
    const response = await api.post('/queue', { name, userIds: [agent.id, otherAgent.id] }, { token: admin.token });
    expect(response.status).toBe(404);
    expect(response.body.error).toBe('ERR_NO_USER_FOUND');
    const list = await api.get('/queue', { token: admin.token });
    expect(list.body.some((q: any) => q.name === name)).toBe(false);
  });

  it('is refused to users and supervisors: 403 ERR_NO_PERMISSION', async () => {
    for (const token of [agent.token, supervisor.token]) {
      const response = await api.post('/queue', { name: queueName() }, { token });
      expect(response.status).toBe(403);
      expect(response.body.error).toBe('ERR_NO_PERMISSION');
    }
  });
});

describe('GET /queue', () => {
  it('lists the tenant queues by name with their members, for every agent; GET /queue/:id reads one', async () => {
    const tenant = await buildTenant(server.ctx);
    const tenantAdmin = await buildAgent(server, tenant.id, 'admin');
    const user = await buildAgent(server, tenant.id, 'user');
    const b = await api.post('/queue', { name: 'B fila', userIds: [user.id] }, { token: tenantAdmin.token });
    const a = await api.post('/queue', { name: 'A fila' }, { token: tenantAdmin.token });

    const list = await api.get('/queue', { token: user.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([a.body, b.body]);

    const one = await api.get(`/queue/${b.body.id}`, { token: user.token });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(b.body);
    const missing = await api.get('/queue/2147483000', { token: user.token });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('ERR_NO_QUEUE_FOUND');
  });
});

describe('PUT /queue/:id', () => {
  it('edits the fields given and keeps the others; renaming onto another queue is 409', async () => {
    const created = await api.post(
      '/queue',
      { name: queueName('Editar'), color: '#00ff00', greetingMessage: 'Oi', userIds: [agent.id] },
      { token: admin.token },
    );
    const id = created.body.id;
    const renamed = await api.put(`/queue/${id}`, { name: 'Renomeada' }, { token: admin.token });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ ...created.body, name: 'Renomeada' });

    const cleared = await api.put(`/queue/${id}`, { greetingMessage: null, color: '#0000ff' }, { token: admin.token });
    expect(cleared.body).toEqual({ ...created.body, name: 'Renomeada', greetingMessage: null, color: '#0000ff' });

    const other = await api.post('/queue', { name: queueName('Outra') }, { token: admin.token });
    const clash = await api.put(`/queue/${id}`, { name: other.body.name.toLowerCase() }, { token: admin.token });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toBe('ERR_DUPLICATED_QUEUE');

    const byUser = await api.put(`/queue/${id}`, { name: 'x' }, { token: agent.token });
    expect(byUser.status).toBe(403);
    const missing = await api.put('/queue/2147483000', { name: 'x' }, { token: admin.token });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('ERR_NO_QUEUE_FOUND');
  });
});

describe('PUT /queue/:id/users', () => {
  it('replaces the members; the sockets of users who joined or left reconnect and get the new rooms, others stay', async () => {
    const created = await api.post('/queue', { name: queueName('Membros'), userIds: [peer.id] }, { token: admin.token });
    const id = created.body.id;
    const agentSocket = await connectAgent(server.url, agent.token);
    const peerSocket = await connectAgent(server.url, peer.token);
    const adminSocket = await connectAgent(server.url, admin.token);
    expect(await socketsInRoom(rooms.queue(tenantId, id))).toEqual([peerSocket.socket.id]);

    const agentDropped = serverDisconnect(agentSocket.socket);
    const peerDropped = serverDisconnect(peerSocket.socket);
    const response = await api.put(`/queue/${id}/users`, { userIds: [agent.id] }, { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...created.body, userIds: [agent.id] });
    expect(await agentDropped).toBe('io server disconnect');
    expect(await peerDropped).toBe('io server disconnect');
    expect(adminSocket.socket.connected).toBe(true);

    // The client reconnects (the web app does it automatically) and the server joins the new rooms.
    const reconnected = await connectAgent(server.url, agent.token);
    const peerAgain = await connectAgent(server.url, peer.token);
    const members = await socketsInRoom(rooms.queue(tenantId, id));
    expect(members).toContain(reconnected.socket.id);
    expect(members).not.toContain(peerAgain.socket.id);

    // Setting the same members again changes nobody: nobody is disconnected (a disconnection would
    // reach the socket before the answer to a later request on it).
    const unchanged = await api.put(`/queue/${id}/users`, { userIds: [agent.id, agent.id] }, { token: admin.token });
    expect(unchanged.body.userIds).toEqual([agent.id]);
    await roundTrip(reconnected);
    expect(reconnected.socket.connected).toBe(true);
  });

  it('also reconnects the members changed through PUT /queue/:id with userIds', async () => {
    const created = await api.post('/queue', { name: queueName('Via PUT') }, { token: admin.token });
    const socket = await connectAgent(server.url, peer.token);
    const dropped = serverDisconnect(socket.socket);
    const response = await api.put(`/queue/${created.body.id}`, { userIds: [peer.id] }, { token: admin.token });
    expect(response.body.userIds).toEqual([peer.id]);
    expect(await dropped).toBe('io server disconnect');
  });

  it("refuses another tenant's user or an unknown user (404 ERR_NO_USER_FOUND) and keeps the members", async () => {
    const created = await api.post('/queue', { name: queueName('Fechada'), userIds: [agent.id] }, { token: admin.token });
    for (const userIds of [[otherAgent.id], [agent.id, 2147483000]]) {
      const response = await api.put(`/queue/${created.body.id}/users`, { userIds }, { token: admin.token });
      expect(response.status).toBe(404);
      expect(response.body.error).toBe('ERR_NO_USER_FOUND');
    }
    expect((await api.get(`/queue/${created.body.id}`, { token: agent.token })).body.userIds).toEqual([agent.id]);
    const byUser = await api.put(`/queue/${created.body.id}/users`, { userIds: [] }, { token: agent.token });
    expect(byUser.status).toBe(403);
    const invalid = await api.put(`/queue/${created.body.id}/users`, { userIds: 'all' }, { token: admin.token });
    expect(invalid.status).toBe(400);
  });
});

describe('DELETE /queue/:id', () => {
  it('deletes a queue (admin only): its members reconnect, a channel of the queue is left without one', async () => {
    const created = await api.post('/queue', { name: queueName('Apagar'), userIds: [agent.id] }, { token: admin.token });
    const id = created.body.id;
    const channel = await api.post('/whatsapp', { name: 'Canal da fila', type: 'webchat', queueId: id }, { token: admin.token });
    expect(channel.status).toBe(201);
    expect(channel.body.queueId).toBe(id);

    expect((await api.delete(`/queue/${id}`, { token: supervisor.token })).status).toBe(403);
    const socket = await connectAgent(server.url, agent.token);
    const dropped = serverDisconnect(socket.socket);
    expect((await api.delete(`/queue/${id}`, { token: admin.token })).status).toBe(204);
    expect(await dropped).toBe('io server disconnect');

    expect((await api.get(`/queue/${id}`, { token: admin.token })).status).toBe(404);
    expect((await api.get(`/whatsapp/${channel.body.id}`, { token: admin.token })).body.queueId).toBeNull();
    const again = await api.delete(`/queue/${id}`, { token: admin.token });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('ERR_NO_QUEUE_FOUND');
  });
});

describe('tenant isolation', () => {
  it("answers 404 to every route given another tenant's queue id, and changes nothing", async () => {
    const created = await api.post('/queue', { name: queueName('Privada'), userIds: [agent.id] }, { token: admin.token });
    const id = created.body.id;
    expect((await api.get(`/queue/${id}`, { token: otherAgent.token })).status).toBe(404);
    expect((await api.put(`/queue/${id}`, { name: 'Hacked' }, { token: otherAdmin.token })).status).toBe(404);
    expect((await api.put(`/queue/${id}/users`, { userIds: [] }, { token: otherAdmin.token })).status).toBe(404);
    expect((await api.delete(`/queue/${id}`, { token: otherAdmin.token })).status).toBe(404);
    expect((await api.get('/queue', { token: otherAdmin.token })).body.some((q: any) => q.id === id)).toBe(false);
    expect((await api.get(`/queue/${id}`, { token: admin.token })).body).toEqual(created.body);
  });
});
