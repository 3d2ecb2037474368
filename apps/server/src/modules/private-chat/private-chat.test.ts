/**
 * The internal private chat (SPEC /chat-privado, GET /users/chat-privado/, socket event
 * "privateMessage"): one-to-one conversations between users of a tenant and team conversations;
 * only members see, read and write them (another user, another tenant, a removed team member get
 * 404 and no socket event); unread counts per conversation and in total, read marking, files checked
 * as ticket media and downloaded by members only, history paged newest last, online status.
 */
import { PRIVATE_MESSAGE_MAX, PRIVATE_MESSAGES_PAGE_SIZE, SOCKET_EVENTS } from '@conversa/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import {
  buildAgent,
  buildInboxTenant,
  closeAllSockets,
  connectAgent,
  eventually,
  type Agent,
  type InboxTenant,
} from '../../../test/inbox.js';

let server: TestServer;
let api: Api;
let t: InboxTenant;
let other: InboxTenant;

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
  t = await buildInboxTenant(server);
  other = await buildInboxTenant(server);
});
afterEach(() => closeAllSockets());
afterAll(() => server?.close());

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(120)]);

const sendTo = (path: string, body: string, token: string) => api.post(`/private-chat/${path}/messages`, { body }, { token });
const history = (path: string, token: string, page = 1) => api.get(`/private-chat/${path}/messages?pageNumber=${page}`, { token });
const chatUsers = async (token: string) => {
  const response = await api.get('/users/chat-privado/', { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.users as any[];
};
const unread = async (token: string) => {
  const response = await api.get('/private-chat/unread', { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.total as number;
};

async function upload(path: string, file: { content: Buffer; name: string; type: string }, token: string, body?: string) {
  const form = new FormData();
  if (body !== undefined) form.append('body', body);
  form.append('medias', new Blob([file.content], { type: file.type }), file.name);
  const response = await fetch(`${server.url}/private-chat/${path}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as any };
}

async function team(userIds: number[], name = `Equipe ${Math.random().toString(36).slice(2, 8)}`) {
  const response = await api.post('/teams', { name, userIds }, { token: t.admin.token });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: number };
}

describe('one-to-one conversations', () => {
  let ana: Agent;
  let bruno: Agent;
  let carla: Agent;
  beforeAll(async () => {
    ana = await buildAgent(server, t.tenant.id, 'user', 'Ana');
    bruno = await buildAgent(server, t.tenant.id, 'user', 'Bruno');
    carla = await buildAgent(server, t.tenant.id, 'user', 'Carla');
  });

  it('a message reaches both parties live; the receiver has it unread until the conversation is read', async () => {
    const brunoSocket = await connectAgent(server.url, bruno.token);
    const anaSocket = await connectAgent(server.url, ana.token);
    const carlaSocket = await connectAgent(server.url, carla.token);
    const sent = await sendTo(`users/${bruno.id}`, '  Oi, Bruno!  ', ana.token);
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      senderId: ana.id,
      senderName: 'Ana',
      receiverId: bruno.id,
      teamId: null,
      body: 'Oi, Bruno!',
      media: null,
    });

    const pushed = await brunoSocket.waitFor(SOCKET_EVENTS.privateMessage, (p) => p.message?.id === sent.body.id);
    expect(pushed).toMatchObject({ action: 'create', message: { body: 'Oi, Bruno!', senderId: ana.id } });
    await anaSocket.waitFor(SOCKET_EVENTS.privateMessage, (p) => p.message?.id === sent.body.id);

    const brunoList = await chatUsers(bruno.token);
    const fromAna = brunoList.find((u) => u.id === ana.id);
    expect(fromAna).toMatchObject({ name: 'Ana', unreadCount: 1, lastMessage: { body: 'Oi, Bruno!' } });
    expect(typeof fromAna.isOnline).toBe('boolean');
    expect(brunoList.some((u) => u.id === bruno.id)).toBe(false);
    // The sender has nothing unread.
    expect((await chatUsers(ana.token)).find((u) => u.id === bruno.id)).toMatchObject({
      unreadCount: 0,
      lastMessage: { id: sent.body.id },
    });
    expect(await unread(bruno.token)).toBe(1);

    await sendTo(`users/${bruno.id}`, 'Tudo bem?', ana.token);
    expect(await unread(bruno.token)).toBe(2);
    expect((await api.put(`/private-chat/users/${ana.id}/read`, undefined, { token: bruno.token })).status).toBe(204);
    await brunoSocket.waitFor(
      SOCKET_EVENTS.privateMessage,
      (p) => p.action === 'read' && p.conversation.type === 'user' && p.conversation.id === ana.id,
    );
    expect(await unread(bruno.token)).toBe(0);
    expect((await chatUsers(bruno.token)).find((u) => u.id === ana.id).unreadCount).toBe(0);

    // Carla, of the same tenant, got none of it: her own conversation is the positive marker.
    const marker = await sendTo(`users/${carla.id}`, 'Carla, marcador', bruno.token);
    await carlaSocket.waitFor(SOCKET_EVENTS.privateMessage, (p) => p.message?.id === marker.body.id);
    expect(carlaSocket.received(SOCKET_EVENTS.privateMessage, (p) => p.message?.receiverId === bruno.id)).toEqual([]);
  });

  it('only the two parties read it: another user of the tenant reads their own conversation, never this one', async () => {
    const sent = await sendTo(`users/${bruno.id}`, 'Só entre nós', ana.token);
    const forCarla = await history(`users/${ana.id}`, carla.token);
    expect(forCarla.status).toBe(200);
    expect(forCarla.body.messages.some((m: any) => m.id === sent.body.id)).toBe(false);
    const file = await upload(`users/${bruno.id}`, { content: PNG, name: 'foto.png', type: 'image/png' }, ana.token);
    expect((await api.get(`/private-chat/files/${file.body.id}`, { token: carla.token })).status).toBe(404);
    expect((await history(`users/${ana.id}`, bruno.token)).body.messages.map((m: any) => m.id)).toContain(sent.body.id);
  });

  it("another tenant's users are not found, nor its conversations or files", async () => {
    const foreign = await sendTo(`users/${other.peer.id}`, 'Oi', other.agent.token);
    expect(foreign.status).toBe(201);
    for (const response of [
      await sendTo(`users/${other.agent.id}`, 'Oi', ana.token),
      await history(`users/${other.agent.id}`, ana.token),
      await api.put(`/private-chat/users/${other.agent.id}/read`, undefined, { token: ana.token }),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body.error).toBe('ERR_NO_USER_FOUND');
    }
    const file = await upload(`users/${other.peer.id}`, { content: PNG, name: 'foto.png', type: 'image/png' }, other.agent.token);
    expect(file.status).toBe(201);
    expect((await api.get(`/private-chat/files/${file.body.id}`, { token: ana.token })).status).toBe(404);
    expect((await chatUsers(ana.token)).some((u) => u.id === other.agent.id)).toBe(false);
  });

  it('a text longer than PRIVATE_MESSAGE_MAX is refused with its own code, never cut; exactly the limit is kept whole', async () => {
    const newest = async () => ((await history(`users/${bruno.id}`, ana.token)).body.messages.at(-1)?.id ?? 0) as number;
    const before = await newest();
    const tooLong = await sendTo(`users/${bruno.id}`, 'x'.repeat(PRIVATE_MESSAGE_MAX + 1), ana.token);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({
      error: 'ERR_PRIVATE_MESSAGE_TOO_LONG',
      issues: { body: [expect.objectContaining({ code: 'too_big', maximum: PRIVATE_MESSAGE_MAX })] },
    });
    const caption = await upload(
      `users/${bruno.id}`,
      { content: PNG, name: 'foto.png', type: 'image/png' },
      ana.token,
      'y'.repeat(PRIVATE_MESSAGE_MAX + 1),
    );
    expect(caption.status).toBe(400);
    expect(caption.body.error).toBe('ERR_PRIVATE_MESSAGE_TOO_LONG');
    // Nothing was stored, not even a shortened copy.
    expect(await newest()).toBe(before);
    // Surrounding blanks do not count; the limit itself is kept whole.
    const full = await sendTo(`users/${bruno.id}`, ` ${'z'.repeat(PRIVATE_MESSAGE_MAX)} `, ana.token);
    expect(full.status).toBe(201);
    expect(full.body.body).toHaveLength(PRIVATE_MESSAGE_MAX);
  });

  it('bad input: empty text, oneself, bad ids, a refused file type', async () => {
    for (const body of [{ body: '' }, { body: '   ' }, {}, { body: 3 }]) {
      const response = await api.post(`/private-chat/users/${bruno.id}/messages`, body, { token: ana.token });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toBe('ERR_VALIDATION');
    }
    expect((await sendTo(`users/${ana.id}`, 'eu mesma', ana.token)).status).toBe(400);
    expect((await history('users/abc', ana.token)).body.error).toBe('ERR_ROUTE_NOT_FOUND');
    expect((await history('users/0', ana.token)).status).toBe(400);
    expect((await history(`users/${bruno.id}`, ana.token, 0)).status).toBe(400);
    const elf = await upload(`users/${bruno.id}`, { content: ELF, name: 'foto.png', type: 'image/png' }, ana.token);
    expect(elf.status).toBe(415);
    expect(elf.body.error).toBe('ERR_UNSUPPORTED_MEDIA_TYPE');
    const empty = await upload(`users/${bruno.id}`, { content: Buffer.alloc(0), name: 'vazio.txt', type: 'text/plain' }, ana.token);
    expect(empty.status).toBe(400);
  });

  it('files: checked by content, stored with their sniffed type, downloaded by the parties only', async () => {
    const sent = await upload(`users/${bruno.id}`, { content: PNG, name: 'comprovante.png', type: 'text/html' }, ana.token, 'segue');
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      body: 'segue',
      media: { type: 'image', name: 'comprovante.png', mime: 'image/png', size: PNG.length },
    });
    expect(JSON.stringify(sent.body)).not.toMatch(/media\//);
    const download = await fetch(`${server.url}/private-chat/files/${sent.body.id}`, {
      headers: { authorization: `Bearer ${bruno.token}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await download.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await fetch(`${server.url}/private-chat/files/${sent.body.id}`)).status).toBe(401);
    const text = await sendTo(`users/${bruno.id}`, 'sem arquivo', ana.token);
    expect((await api.get(`/private-chat/files/${text.body.id}`, { token: bruno.token })).status).toBe(404);
  });

  it('history is paged: page 1 holds the newest, oldest first (newest last)', async () => {
    const dani = await buildAgent(server, t.tenant.id, 'user', 'Dani');
    const total = PRIVATE_MESSAGES_PAGE_SIZE + 5;
    for (let i = 1; i <= total; i++) await sendTo(`users/${dani.id}`, `mensagem ${i}`, ana.token);
    const first = await history(`users/${ana.id}`, dani.token);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.messages).toHaveLength(PRIVATE_MESSAGES_PAGE_SIZE);
    expect(first.body.messages.at(-1).body).toBe(`mensagem ${total}`);
    expect(first.body.messages[0].body).toBe('mensagem 6');
    const second = await history(`users/${ana.id}`, dani.token, 2);
    expect(second.body).toMatchObject({ hasMore: false });
    expect(second.body.messages.map((m: any) => m.body)).toEqual([1, 2, 3, 4, 5].map((i) => `mensagem ${i}`));
  });

  it('the privateMessageLimit setting (SPEC §3 private-message limit) sets how many messages load at once', async () => {
    const gil = await buildAgent(server, t.tenant.id, 'user', 'Gil');
    for (let i = 1; i <= 12; i++) await sendTo(`users/${gil.id}`, `recado ${i}`, ana.token);
    expect((await api.put('/settings/privateMessageLimit', { value: '10' }, { token: t.admin.token })).status).toBe(200);
    try {
      const first = await history(`users/${ana.id}`, gil.token);
      expect(first.body.messages.map((m: any) => m.body)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((i) => `recado ${i}`));
      expect(first.body.hasMore).toBe(true);
      const second = await history(`users/${ana.id}`, gil.token, 2);
      expect(second.body).toMatchObject({ hasMore: false, messages: [{ body: 'recado 1' }, { body: 'recado 2' }] });
      // Only the allowed choices are stored.
      const refused = await api.put('/settings/privateMessageLimit', { value: '7' }, { token: t.admin.token });
      expect(refused.status).toBe(400);
    } finally {
      await api.put('/settings/privateMessageLimit', { value: '30' }, { token: t.admin.token });
    }
  });

  it('online status: the list shows it and its changes reach the tenant live', async () => {
    const eva = await buildAgent(server, t.tenant.id, 'user', 'Eva');
    const watcher = await connectAgent(server.url, ana.token);
    const evaSocket = await connectAgent(server.url, eva.token);
    evaSocket.socket.emit(SOCKET_EVENTS.setUserActive);
    await watcher.waitFor(SOCKET_EVENTS.userStatus, (p) => p.userId === eva.id && p.isOnline === true);
    await eventually(async () => (await chatUsers(ana.token)).find((u) => u.id === eva.id)?.isOnline === true);
    evaSocket.close();
    await watcher.waitFor(SOCKET_EVENTS.userStatus, (p) => p.userId === eva.id && p.isOnline === false);
  });
});

describe('team conversations', () => {
  it('members write and read; unread per team and in total; a removed member stops receiving at once and gets 404', async () => {
    const [lia, max, noa] = [
      await buildAgent(server, t.tenant.id, 'user', 'Lia'),
      await buildAgent(server, t.tenant.id, 'user', 'Max'),
      await buildAgent(server, t.tenant.id, 'user', 'Noa'),
    ];
    const outsider = await buildAgent(server, t.tenant.id, 'admin', 'Admin de fora');
    const squad = await team([lia.id, max.id, noa.id], 'Plantão');
    const maxSocket = await connectAgent(server.url, max.token);
    const noaSocket = await connectAgent(server.url, noa.token);
    const outsiderSocket = await connectAgent(server.url, outsider.token);

    const first = await sendTo(`teams/${squad.id}`, 'Reunião às 15h', lia.token);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ teamId: squad.id, receiverId: null, senderName: 'Lia' });
    await maxSocket.waitFor(SOCKET_EVENTS.privateMessage, (p) => p.message?.id === first.body.id);
    await noaSocket.waitFor(SOCKET_EVENTS.privateMessage, (p) => p.message?.id === first.body.id);

    const maxTeams = (await api.get('/private-chat/teams', { token: max.token })).body;
    expect(maxTeams).toEqual([
      expect.objectContaining({
        id: squad.id,
        name: 'Plantão',
        memberCount: 3,
        unreadCount: 1,
        lastMessage: expect.objectContaining({ body: 'Reunião às 15h' }),
      }),
    ]);
    expect((await api.get('/private-chat/teams', { token: lia.token })).body[0].unreadCount).toBe(0);
    expect(await unread(max.token)).toBe(1);

    // Not a member (even an admin of the tenant): not found, and no event.
    for (const response of [
      await history(`teams/${squad.id}`, outsider.token),
      await sendTo(`teams/${squad.id}`, 'posso?', outsider.token),
      await api.put(`/private-chat/teams/${squad.id}/read`, undefined, { token: outsider.token }),
      await history(`teams/${squad.id}`, other.admin.token),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body.error).toBe('ERR_NO_TEAM_FOUND');
    }
    expect((await api.get('/private-chat/teams', { token: outsider.token })).body).toEqual([]);

    const file = await upload(`teams/${squad.id}`, { content: PNG, name: 'escala.png', type: 'image/png' }, lia.token);
    expect((await api.get(`/private-chat/files/${file.body.id}`, { token: noa.token })).status).toBe(200);
    expect((await api.get(`/private-chat/files/${file.body.id}`, { token: outsider.token })).status).toBe(404);

    // Noa is removed: from now on nothing of the team reaches her, and its history and files are closed to her.
    expect((await api.put(`/teams/${squad.id}/users`, { userIds: [lia.id, max.id] }, { token: t.admin.token })).status).toBe(200);
    const after = await sendTo(`teams/${squad.id}`, 'Depois da saída da Noa', lia.token);
    await maxSocket.waitFor(SOCKET_EVENTS.privateMessage, (p) => p.message?.id === after.body.id);
    const marker = await sendTo(`users/${noa.id}`, 'marcador para a Noa', lia.token);
    await noaSocket.waitFor(SOCKET_EVENTS.privateMessage, (p) => p.message?.id === marker.body.id);
    expect(noaSocket.received(SOCKET_EVENTS.privateMessage, (p) => p.message?.id === after.body.id)).toEqual([]);
    expect((await history(`teams/${squad.id}`, noa.token)).status).toBe(404);
    expect((await sendTo(`teams/${squad.id}`, 'ainda estou?', noa.token)).status).toBe(404);
    expect((await api.get(`/private-chat/files/${file.body.id}`, { token: noa.token })).status).toBe(404);
    expect((await api.get('/private-chat/teams', { token: noa.token })).body).toEqual([]);
    expect(outsiderSocket.received(SOCKET_EVENTS.privateMessage, (p) => p.message?.teamId === squad.id)).toEqual([]);

    // Reading the team clears Max's count; the total follows.
    expect(await unread(max.token)).toBe(3);
    expect((await api.put(`/private-chat/teams/${squad.id}/read`, undefined, { token: max.token })).status).toBe(204);
    expect(await unread(max.token)).toBe(0);
    // A member who joins starts from now: the earlier messages are not unread for them.
    const joiner = await buildAgent(server, t.tenant.id, 'user', 'Olga');
    expect((await api.put(`/teams/${squad.id}/users`, { userIds: [lia.id, max.id, joiner.id] }, { token: t.admin.token })).status).toBe(
      200,
    );
    expect(await unread(joiner.token)).toBe(0);
    await sendTo(`teams/${squad.id}`, 'Bem-vinda, Olga', lia.token);
    expect(await unread(joiner.token)).toBe(1);
    expect((await history(`teams/${squad.id}`, joiner.token)).body.messages.length).toBe(4);

    const page = await history(`teams/${squad.id}`, max.token);
    expect(page.body.messages.map((m: any) => m.body)).toEqual(['Reunião às 15h', '', 'Depois da saída da Noa', 'Bem-vinda, Olga']);
  });

  it('an inactive team is closed to its members', async () => {
    const [a, b] = [await buildAgent(server, t.tenant.id), await buildAgent(server, t.tenant.id)];
    const closed = await team([a.id, b.id]);
    await api.put(`/teams/${closed.id}`, { isActive: false }, { token: t.admin.token });
    expect((await sendTo(`teams/${closed.id}`, 'oi', a.token)).status).toBe(404);
    expect((await api.get('/private-chat/teams', { token: a.token })).body).toEqual([]);
  });
});
