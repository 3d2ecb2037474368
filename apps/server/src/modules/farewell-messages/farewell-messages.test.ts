/**
 * Closing messages (SPEC /fechamento, §3 Farewell) and the resolve that sends them (SPEC §4 "Selecting
 * a farewell message sends it and closes the ticket within 30 seconds"); the channel's own farewell.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import {
  buildAgent,
  buildChannel,
  buildInboxTenant,
  count,
  eventually,
  inboundTicket,
  type Agent,
  type InboxTenant,
} from '../../../test/inbox.js';

let server: TestServer;
let api: Api;
let t: InboxTenant;
let supervisor: Agent;

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
  t = await buildInboxTenant(server);
  supervisor = await buildAgent(server, t.tenant.id, 'super', 'Supervisora Ana');
});
afterAll(() => server?.close());

const messagesOf = async (ticketId: number) =>
  (await api.get(`/messages/${ticketId}`, { token: t.admin.token })).body.messages as {
    body: string;
    status: string;
    fromMe: boolean;
    userId: number | null;
  }[];

describe('closing messages CRUD', () => {
  it('supervisors and admins create, edit and delete them; the editor and date are kept; every agent lists them', async () => {
    const created = await api.post('/farewellMessages', { message: '  Obrigado, {{name}}! ' }, { token: supervisor.token });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      message: 'Obrigado, {{name}}!',
      userId: supervisor.id,
      username: 'Supervisora Ana',
      createdAt: expect.any(String),
    });

    const edited = await api.put(`/farewellMessages/${created.body.id}`, { message: 'Até logo, {{firstName}}.' }, { token: t.admin.token });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: created.body.id, message: 'Até logo, {{firstName}}.', userId: t.admin.id });

    const listed = await api.get('/farewellMessages', { token: t.agent.token });
    expect(listed.status).toBe(200);
    expect(listed.body).toContainEqual(expect.objectContaining({ id: created.body.id, message: 'Até logo, {{firstName}}.' }));

    expect((await api.delete(`/farewellMessages/${created.body.id}`, { token: supervisor.token })).status).toBe(204);
    const again = await api.delete(`/farewellMessages/${created.body.id}`, { token: supervisor.token });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('ERR_NO_FAREWELL_FOUND');
  });

  it('an agent may not change them', async () => {
    const refused = await api.post('/farewellMessages', { message: 'Tchau' }, { token: t.agent.token });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_NO_PERMISSION');
  });

  it('refuses an empty message, an over-long one and an unknown {{variable}} with 400 and the field', async () => {
    for (const body of [{ message: '   ' }, { message: 'x'.repeat(4097) }, { message: 'Olá {{nome}}' }, {}, { message: 5 }]) {
      const response = await api.post('/farewellMessages', body, { token: supervisor.token });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toBe('ERR_VALIDATION');
      expect(Object.keys(response.body.fields ?? {})).toEqual(['message']);
    }
    const unknown = await api.post('/farewellMessages', { message: 'Olá {{nome}}' }, { token: supervisor.token });
    expect(unknown.body.issues?.message?.[0]).toMatchObject({ rule: 'templateVariables' });
  });

  it("another tenant's closing messages are neither listed, changed, deleted nor sent", async () => {
    const other = await buildInboxTenant(server);
    const theirs = await api.post('/farewellMessages', { message: 'Deles' }, { token: other.admin.token });
    expect(theirs.status).toBe(201);
    expect((await api.get('/farewellMessages', { token: t.admin.token })).body).not.toContainEqual(
      expect.objectContaining({ id: theirs.body.id }),
    );
    expect((await api.put(`/farewellMessages/${theirs.body.id}`, { message: 'x' }, { token: t.admin.token })).status).toBe(404);
    expect((await api.delete(`/farewellMessages/${theirs.body.id}`, { token: t.admin.token })).status).toBe(404);

    const { ticketId } = await inboundTicket(server.ctx, { tenantId: t.tenant.id, channelId: t.channel.id });
    const resolved = await api.put(
      `/tickets/${ticketId}`,
      { status: 'closed', farewellMessageId: theirs.body.id },
      { token: t.admin.token },
    );
    expect(resolved.status).toBe(404);
    expect(resolved.body.error).toBe('ERR_NO_FAREWELL_FOUND');
    // Refused whatever the rest of the request does, not ignored.
    const withAccept = await api.put(
      `/tickets/${ticketId}`,
      { status: 'open', farewellMessageId: theirs.body.id },
      { token: t.admin.token },
    );
    expect(withAccept.status).toBe(404);
    expect(withAccept.body.error).toBe('ERR_NO_FAREWELL_FOUND');
    expect((await api.get(`/tickets/${ticketId}`, { token: t.admin.token })).body.status).toBe('pending');
  });
});

describe('resolving with a closing message', () => {
  it('sends the preset with its variables filled in and closes the ticket at once, sent well within 30 s', async () => {
    const preset = await api.post(
      '/farewellMessages',
      { message: 'Obrigado, {{firstName}}! Atendido por {{user}}.' },
      { token: supervisor.token },
    );
    const { ticketId } = await inboundTicket(server.ctx, { tenantId: t.tenant.id, channelId: t.channel.id }, { name: 'Maria Souza' });
    expect((await api.put(`/tickets/${ticketId}`, { status: 'open' }, { token: t.agent.token })).status).toBe(200);
    const started = Date.now();
    const resolved = await api.put(
      `/tickets/${ticketId}`,
      { status: 'closed', farewellMessageId: preset.body.id },
      { token: t.agent.token },
    );
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ status: 'closed' });

    const expected = `Obrigado, Maria! Atendido por ${t.agent.name}.`;
    const sent = await eventually(async () => (await messagesOf(ticketId)).find((m) => m.body === expected && m.status === 'sent'), {
      timeoutMs: 15_000,
    });
    expect(sent).toMatchObject({ fromMe: true, userId: t.agent.id });
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('refuses a typed farewell and a preset together (400), and a preset id that is not a number', async () => {
    const { ticketId } = await inboundTicket(server.ctx, { tenantId: t.tenant.id, channelId: t.channel.id });
    for (const body of [
      { status: 'closed', farewellMessage: 'Tchau', farewellMessageId: 1 },
      { status: 'closed', farewellMessageId: 'um' },
      { status: 'closed', requestRating: 'sim' },
    ]) {
      const response = await api.put(`/tickets/${ticketId}`, body, { token: t.admin.token });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toBe('ERR_VALIDATION');
    }
  });

  it("without a chosen farewell, the channel's farewell message is sent (rendered); a forced close sends nothing", async () => {
    const channel = await buildChannel(server.ctx, t.tenant.id, { queueId: t.queue.id, farewellMessage: 'Até logo, {{name}}!' });
    const first = await inboundTicket(server.ctx, { tenantId: t.tenant.id, channelId: channel.id }, { name: 'João' });
    expect((await api.put(`/tickets/${first.ticketId}`, { status: 'closed' }, { token: t.admin.token })).body.status).toBe('closed');
    await eventually(async () => (await messagesOf(first.ticketId)).find((m) => m.body === 'Até logo, João!' && m.status === 'sent'), {
      timeoutMs: 15_000,
    });

    const second = await inboundTicket(server.ctx, { tenantId: t.tenant.id, channelId: channel.id }, { name: 'Pedro' });
    expect((await api.put(`/ticketsForce/${second.ticketId}`, {}, { token: t.admin.token })).body.status).toBe('closed');
    expect(await count(server.ctx, sql`select count(*) from messages where ticket_id = ${second.ticketId} and from_me`)).toBe(0);
  });
});
