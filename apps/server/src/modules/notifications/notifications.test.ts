/**
 * Notifications (SPEC §3 Notification: message, user, isRead, date; /notificacao for the platform
 * superadmin): one row per recipient; the bell's list and unread count, pushed live to the user's
 * room; mark one or all read; the superadmin of tenant 1 (only) sends to every user of one tenant
 * or of all tenants in one INSERT … SELECT; notifyUsers, the use case other modules call, notifies
 * once per source key; tenants never see each other's.
 */
import { NOTIFICATION_EVENT, type NotificationContent, type NotificationList } from '@conversa/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { buildAgent, buildInboxTenant, connectAgent, count, rows, type Agent, type InboxTenant } from '../../../test/inbox.js';
import { expectNothingBefore } from '../../../test/markers.js';
import { notifyUsers } from './use-cases/notify-users.js';

let server: TestServer;
let api: Api;
let t: InboxTenant;
let other: InboxTenant;
let rootToken: string;
let mainAdmin: Agent;

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
  t = await buildInboxTenant(server);
  other = await buildInboxTenant(server);
  rootToken = (await api.loginRoot()).token;
  mainAdmin = await buildAgent(server, 1, 'admin', 'Admin da plataforma');
});
afterAll(() => server?.close());

const bell = async (token: string) => {
  const response = await api.get('/notifications', { token });
  expect(response.status).toBe(200);
  return response.body as NotificationList;
};
const usersOf = (tenantId: number) => count(server.ctx, sql`select count(*) from users where tenant_id = ${tenantId}`);
const reminder = (task: string): NotificationContent => ({ kind: 'task.reminder', params: { task } });

describe('notifications: broadcasts of the platform superadmin', () => {
  it('to one tenant: each of its users gets one, nobody else; listed with its recipient count', async () => {
    const sent = await api.post('/notifications/broadcasts', { message: 'Manutenção às 22h', tenantId: t.tenant.id }, { token: rootToken });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({ message: 'Manutenção às 22h', tenantId: t.tenant.id, recipients: await usersOf(t.tenant.id) });

    for (const user of [t.admin, t.agent, t.outsider]) {
      const { notifications, unread } = await bell(user.token);
      expect(notifications[0]).toMatchObject({ message: 'Manutenção às 22h', isRead: false });
      expect(unread).toBeGreaterThanOrEqual(1);
    }
    expect((await bell(other.agent.token)).notifications.map((n) => n.message)).not.toContain('Manutenção às 22h');

    const list = await api.get('/notifications/broadcasts', { token: rootToken });
    expect(list.body[0]).toMatchObject({
      id: sent.body.id,
      tenantName: t.tenant.name,
      recipients: sent.body.recipients,
      sender: { id: expect.any(Number) },
    });
  });

  it('to all tenants: every user of every tenant, in one statement', async () => {
    const total = await count(server.ctx, sql`select count(*) from users`);
    const sent = await api.post('/notifications/broadcasts', { message: 'Nova versão disponível', tenantId: null }, { token: rootToken });
    expect(sent.status).toBe(201);
    expect(sent.body.recipients).toBe(total);
    expect(
      await count(server.ctx, sql`select count(*) from notifications where source = 'broadcast' and source_id = ${String(sent.body.id)}`),
    ).toBe(total);
    expect((await bell(other.agent.token)).notifications[0].message).toBe('Nova versão disponível');
  });

  it('only the superadmin of tenant 1 may: tenant admins, tenant 1 admins and agents are refused; bad input 400; unknown tenant 404', async () => {
    for (const token of [t.admin.token, mainAdmin.token, t.agent.token]) {
      expect((await api.post('/notifications/broadcasts', { message: 'x', tenantId: null }, { token })).status).toBe(403);
      expect((await api.get('/notifications/broadcasts', { token })).status).toBe(403);
    }
    expect((await api.post('/notifications/broadcasts', { message: 'x', tenantId: null })).status).toBe(401);
    for (const body of [
      { message: '', tenantId: null },
      { message: 'x' },
      { message: 'x'.repeat(1_001), tenantId: null },
      { message: 'x', tenantId: 'a' },
    ]) {
      expect((await api.post('/notifications/broadcasts', body, { token: rootToken })).status, JSON.stringify(body)).toBe(400);
    }
    const unknown = await api.post('/notifications/broadcasts', { message: 'x', tenantId: 999_999 }, { token: rootToken });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('ERR_NO_TENANT_FOUND');
  });
});

describe('notifications: the bell', () => {
  it('the unread count is pushed live to the user: a notification to them, their reads; a broadcast refreshes the tenant', async () => {
    const user = await buildAgent(server, t.tenant.id, 'user', 'Sineta');
    const socket = await connectAgent(server.url, user.token);
    const peerSocket = await connectAgent(server.url, t.peer.token);

    await notifyUsers(server.ctx, {
      tenantId: t.tenant.id,
      userIds: [user.id],
      content: reminder('Você foi mencionada'),
      link: '/notas',
      source: 'test',
      sourceId: 'a',
    });
    expect(await socket.waitFor(NOTIFICATION_EVENT, (p) => p.unread === 1)).toEqual({ unread: 1 });
    // Only the user's room got it.
    await expectNothingBefore(server.url, t.admin.token, { peer: peerSocket });

    await notifyUsers(server.ctx, { tenantId: t.tenant.id, userIds: [user.id], content: reminder('Outra'), source: 'test', sourceId: 'b' });
    await socket.waitFor(NOTIFICATION_EVENT, (p) => p.unread === 2);
    const { notifications } = await bell(user.token);
    expect(notifications.map((n) => n.content)).toEqual([reminder('Outra'), reminder('Você foi mencionada')]);
    // The socket carries counts only: the bell reads the list (worded in its language) again.
    expect(socket.received(NOTIFICATION_EVENT).every((push) => Object.keys(push as object).every((key) => key === 'unread'))).toBe(true);
    expect(notifications[1].link).toBe('/notas');

    const read = await api.put(`/notifications/${notifications[0].id}/read`, undefined, { token: user.token });
    expect(read.body).toEqual({ unread: 1 });
    await socket.waitFor(NOTIFICATION_EVENT, (p) => p.unread === 1 && socket.received(NOTIFICATION_EVENT).length >= 3);

    expect((await api.put('/notifications/read-all', undefined, { token: user.token })).body).toEqual({ unread: 0 });
    await socket.waitFor(NOTIFICATION_EVENT, (p) => p.unread === 0);
    expect((await api.get('/notifications/unread', { token: user.token })).body).toEqual({ unread: 0 });

    await api.post('/notifications/broadcasts', { message: 'Aviso geral', tenantId: t.tenant.id }, { token: rootToken });
    await socket.waitFor(NOTIFICATION_EVENT, (p) => p.unread === undefined);
    await peerSocket.waitFor(NOTIFICATION_EVENT, (p) => p.unread === undefined);
    expect((await api.get('/notifications/unread', { token: user.token })).body).toEqual({ unread: 1 });
    socket.socket.close();
    peerSocket.socket.close();
  });

  it("nobody reads or marks another user's notification, in or out of the tenant", async () => {
    const content = reminder('Só sua');
    await notifyUsers(server.ctx, { tenantId: t.tenant.id, userIds: [t.agent.id], content, source: 'test', sourceId: 'private' });
    const mine = (await bell(t.agent.token)).notifications.find(
      (n) => n.content?.kind === 'task.reminder' && n.content.params.task === 'Só sua',
    )!;
    for (const token of [t.peer.token, t.admin.token, other.admin.token]) {
      const response = await api.put(`/notifications/${mine.id}/read`, undefined, { token });
      expect(response.status).toBe(404);
      expect(response.body.error).toBe('ERR_NO_NOTIFICATION_FOUND');
      expect((await bell(token)).notifications.map((n) => n.id)).not.toContain(mine.id);
    }
    expect((await bell(t.agent.token)).notifications.find((n) => n.id === mine.id)?.isRead).toBe(false);
  });

  it('notifyUsers: once per source key (an event consumer run twice), users of the tenant only', async () => {
    const input = {
      tenantId: t.tenant.id,
      userIds: [t.peer.id, t.peer.id, other.agent.id],
      content: { kind: 'note.mention', params: { author: null, excerpt: 'Menção' } } as const,
      source: 'note.mention',
      sourceId: '42',
    };
    expect(await notifyUsers(server.ctx, input)).toEqual([t.peer.id]);
    expect(await notifyUsers(server.ctx, input)).toEqual([]);
    expect(await count(server.ctx, sql`select count(*) from notifications where source = 'note.mention' and source_id = '42'`)).toBe(1);
  });

  it("stores what the platform notifies as a kind and params (the reader's app words it), and still shows an older row's text", async () => {
    const reader = await buildAgent(server, t.tenant.id, 'user', 'Leitora');
    await notifyUsers(server.ctx, {
      tenantId: t.tenant.id,
      userIds: [reader.id],
      content: { kind: 'note.mention', params: { author: 'Ana', excerpt: 'Veja o pedido' } },
      link: '/atendimento/7',
      source: 'test',
      sourceId: 'kind',
    });
    const [stored] = await rows(server.ctx, sql`select message, kind, params from notifications where user_id = ${reader.id}`);
    // No text in any language is written into the row.
    expect(stored).toEqual({ message: null, kind: 'note.mention', params: { author: 'Ana', excerpt: 'Veja o pedido' } });

    // A row written before kinds existed: its text, and no content.
    await server.ctx.db.execute(
      sql`insert into notifications (tenant_id, user_id, message, source, source_id) values (${t.tenant.id}, ${reader.id}, 'Lembrete antigo', 'test', 'old')`,
    );
    // A row must say something: a text or a kind.
    await expect(
      server.ctx.db.execute(
        sql`insert into notifications (tenant_id, user_id, source, source_id) values (${t.tenant.id}, ${reader.id}, 'test', 'empty')`,
      ),
    ).rejects.toThrow();

    const { notifications } = await bell(reader.token);
    expect(notifications.map(({ message, content, link }) => ({ message, content, link }))).toEqual([
      { message: 'Lembrete antigo', content: null, link: null },
      {
        message: 'Ana mencionou você em uma nota interna: “Veja o pedido”',
        content: { kind: 'note.mention', params: { author: 'Ana', excerpt: 'Veja o pedido' } },
        link: '/atendimento/7',
      },
    ]);
  });

  it("words a kind's message in the caller's Accept-Language (pt by default), with the web app's words; a text stays as written", async () => {
    const reader = await buildAgent(server, t.tenant.id, 'user', 'Poliglota');
    const notify = (content: NotificationContent, sourceId: string) =>
      notifyUsers(server.ctx, { tenantId: t.tenant.id, userIds: [reader.id], content, source: 'test', sourceId });
    await notify(reminder('Ligar para o cliente'), 'lang-1');
    await notify({ kind: 'note.mention', params: { author: null, excerpt: 'Olhe isto' } }, 'lang-2');
    await server.ctx.db.execute(
      sql`insert into notifications (tenant_id, user_id, message, source, source_id) values (${t.tenant.id}, ${reader.id}, 'Texto de antes', 'test', 'lang-old')`,
    );
    const messages = async (acceptLanguage?: string) => {
      const response = await api.get('/notifications', {
        token: reader.token,
        headers: acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage },
      });
      expect(response.status).toBe(200);
      // Each language's answer is its own: a cache keys it by the header.
      expect(response.headers.get('vary')).toMatch(/accept-language/i);
      return {
        language: response.headers.get('content-language'),
        messages: (response.body as NotificationList).notifications.map((n) => n.message),
      };
    };

    expect(await messages('en-US,en;q=0.9')).toEqual({
      language: 'en',
      messages: [
        'Texto de antes',
        'A colleague mentioned you in an internal note: “Olhe isto”',
        'Reminder: the task "Ligar para o cliente" has reached its due date.',
      ],
    });
    expect(await messages('es-MX')).toEqual({
      language: 'es',
      messages: [
        'Texto de antes',
        'Un colega te mencionó en una nota interna: “Olhe isto”',
        'Recordatorio: la tarea "Ligar para o cliente" llegó a su fecha límite.',
      ],
    });
    const portuguese = {
      language: 'pt',
      messages: [
        'Texto de antes',
        'Um colega mencionou você em uma nota interna: “Olhe isto”',
        'Lembrete: a tarefa "Ligar para o cliente" chegou à data limite.',
      ],
    };
    // No header (fetch sends `*`), a language the product lacks, or pt-BR: Portuguese.
    expect(await messages()).toEqual(portuguese);
    expect(await messages('ja')).toEqual(portuguese);
    expect(await messages('pt-BR')).toEqual(portuguese);
  });
});
