/**
 * The first-run superadmin is also a member of tenant 1 (issue 9 item 2): the calls the web app's
 * work screens make (inbox, contacts, channels, queues, users, settings) are answered for it as for
 * tenant 1's admin, and the inbox reaches its socket live. Without queues of its own it still sees
 * the tickets of a channel without a queue (the demo channel's case).
 */
import { MAIN_TENANT_ID, SOCKET_EVENTS, type LoginResponse } from '@conversa/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { buildChannel, closeAllSockets, connectAgent, inboundTicket } from '../../../test/inbox.js';

let server: TestServer;
let api: Api;
let root: LoginResponse;

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
  root = await api.loginRoot();
});
afterAll(async () => {
  closeAllSockets();
  await server?.close();
});

const aboutTicket = (id: number) => (payload: { ticket?: { id: number } }) => payload.ticket?.id === id;

describe('the platform superadmin at work in tenant 1', () => {
  it('is the superadmin of tenant 1 and has no queue', () => {
    expect(root).toMatchObject({ profile: 'superadmin', tenantId: MAIN_TENANT_ID, queues: [] });
  });

  it('receives a new ticket live, finds it in the pending list, attends it and replies', async () => {
    const token = root.token;
    const socket = await connectAgent(server.url, token);
    const channel = await buildChannel(server.ctx, MAIN_TENANT_ID, { name: 'Site (sem fila)' });
    const { ticketId } = await inboundTicket(
      server.ctx,
      { tenantId: MAIN_TENANT_ID, channelId: channel.id },
      { name: 'Carla', body: 'Oi!' },
    );
    await socket.waitFor(SOCKET_EVENTS.ticket, aboutTicket(ticketId));

    // The ticket list as the inbox asks for it (no showAll: the stored filter's default).
    const pending = await api.get(`/tickets?status=pending&pageNumber=1`, { token });
    expect(pending.status).toBe(200);
    expect((pending.body.tickets as { id: number }[]).map((t) => t.id)).toContain(ticketId);

    expect((await api.get(`/tickets/${ticketId}`, { token })).status).toBe(200);
    const history = await api.get(`/messages/${ticketId}`, { token });
    expect(history.status).toBe(200);
    expect(history.body.messages.map((m: { body: string }) => m.body)).toContain('Oi!');

    const accepted = await api.put(`/tickets/${ticketId}`, { status: 'open', userId: root.userId }, { token });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'open', userId: root.userId });

    const reply = await api.post(`/messages/${ticketId}`, { body: 'Olá, Carla!' }, { token });
    expect(reply.status).toBeLessThan(300);
    await socket.waitFor(SOCKET_EVENTS.appMessage, (p: { message?: { body: string } }) => p.message?.body === 'Olá, Carla!');
    socket.close();
  });

  it("uses tenant 1's contacts, channels, queues, users and settings screens as its admin would", async () => {
    const token = root.token;
    const calls: [string, string, unknown?][] = [
      ['GET', '/contacts?pageNumber=1'],
      ['POST', '/contacts', { name: 'Dora Demo', number: '5511977776666' }],
      ['GET', '/whatsapp'],
      ['POST', '/whatsapp', { name: 'Chat do site', type: 'webchat' }],
      ['GET', '/queue'],
      ['POST', '/queue', { name: 'Suporte', color: '#228be6' }],
      ['GET', '/users/?pageNumber=1'],
      ['GET', '/settings/'],
    ];
    for (const [method, path, body] of calls) {
      const response = await api.request(method, path, { token, body });
      expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
    }
  });
});
