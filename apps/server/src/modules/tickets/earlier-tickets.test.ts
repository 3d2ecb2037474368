/** GET /tickets/{ticketId}/earlier: the contact's earlier conversations that the caller may see. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { buildChannel, buildInboxTenant, inboundTicket, type InboxTenant } from '../../../test/inbox.js';

let server: TestServer;
let api: Api;
let t: InboxTenant;

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
  t = await buildInboxTenant(server);
});
afterAll(() => server?.close());

describe('GET /tickets/{ticketId}/earlier', () => {
  it("lists the contact's earlier tickets on any channel, newest first, only those the caller may see", async () => {
    const other = await buildChannel(server.ctx, t.tenant.id, { name: 'Canal da outra fila', queueId: t.otherQueue.id });
    const key = { number: `55119${String(Date.now()).slice(-8)}` };
    const close = async (id: number) =>
      expect((await api.put(`/tickets/${id}`, { status: 'closed' }, { token: t.admin.token })).status).toBe(200);

    const first = (await inboundTicket(server.ctx, { tenantId: t.tenant.id, channelId: t.channel.id }, { key, body: 'primeira' })).ticketId;
    await close(first);
    const second = (await inboundTicket(server.ctx, { tenantId: t.tenant.id, channelId: other.id }, { key, body: 'segunda' })).ticketId;
    await close(second);
    const current = (await inboundTicket(server.ctx, { tenantId: t.tenant.id, channelId: t.channel.id }, { key, body: 'terceira' }))
      .ticketId;
    expect(new Set([first, second, current]).size).toBe(3);

    // Each with its protocol (the ticket's own); one from before protocols has none.
    const secondProtocol = (await api.get(`/tickets/${second}`, { token: t.admin.token })).body.protocol;
    expect(secondProtocol).toMatch(/^\d{9,}$/);
    await server.ctx.db.execute(sql`delete from ticket_protocols where ticket_id = ${first}`);

    const forAdmin = await api.get(`/tickets/${current}/earlier`, { token: t.admin.token });
    expect(forAdmin.status, JSON.stringify(forAdmin.body)).toBe(200);
    expect(forAdmin.body).toEqual([
      expect.objectContaining({
        id: second,
        protocol: secondProtocol,
        status: 'closed',
        channelName: 'Canal da outra fila',
        lastMessage: 'segunda',
        closedAt: expect.any(String),
      }),
      expect.objectContaining({ id: first, protocol: null, status: 'closed', channelName: t.channel.name, lastMessage: 'primeira' }),
    ]);
    // Earlier than the first: none.
    expect((await api.get(`/tickets/${first}/earlier`, { token: t.admin.token })).body).toEqual([]);

    // An agent of the first queue does not see the other queue's ticket: it is not listed either.
    expect((await api.get(`/tickets/${second}`, { token: t.agent.token })).status).toBe(403);
    const forAgent = await api.get(`/tickets/${current}/earlier`, { token: t.agent.token });
    expect(forAgent.status).toBe(200);
    expect(forAgent.body.map((ticket: { id: number }) => ticket.id)).not.toContain(second);

    // Another company's ticket does not exist for the caller.
    const stranger = await buildInboxTenant(server);
    expect((await api.get(`/tickets/${current}/earlier`, { token: stranger.admin.token })).status).toBe(404);
  });
});
