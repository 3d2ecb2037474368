/**
 * The external API (issue 13): API configurations managed by admins (token shown once, stored
 * hashed, masked after, regenerated), `/v1/api/external/{apiId}/…` authenticated by the token
 * (missing / wrong / another tenant's token / unknown id → 401 without telling which; inactive →
 * 403), rate limited per token (429 + Retry-After), every call logged; messages on the one outbound
 * path (a pending ticket in the inbox); contacts, tickets, channel status and directories; a walk of
 * every external operation of its own OpenAPI document; and the n8n node's calls, as it makes them.
 */
import { SOCKET_EVENTS } from '@conversa/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { buildInboxTenant, connectAgent, eventually, rows, type InboxTenant } from '../../../test/inbox.js';

let server: TestServer;
let api: Api;
let a: InboxTenant;
let b: InboxTenant;
let configA: { id: string; token: string; basePath: string };
let configB: { id: string; token: string; basePath: string };

const ext = (config: { basePath: string }, path = '') => `${config.basePath}${path}`;
const asToken = (token: string) => ({ token });

async function createConfig(t: InboxTenant, name = 'n8n') {
  const response = await api.post('/api-config', { name, channelId: t.channel.id }, { token: t.admin.token });
  expect(response.status).toBe(201);
  return response.body as { id: string; token: string; basePath: string; tokenMasked: string };
}

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
  a = await buildInboxTenant(server);
  b = await buildInboxTenant(server);
  configA = await createConfig(a);
  configB = await createConfig(b);
});
afterAll(async () => server?.close());

describe('API configurations', () => {
  it('shows the token once in full, then masked; only its hash is stored', async () => {
    const created = await createConfig(a, 'CRM');
    expect(created.token).toMatch(/^cva_[A-Za-z0-9_-]{43}$/);
    expect(created.tokenMasked.endsWith(created.token.slice(-4))).toBe(true);
    const list = await api.get('/api-config', { token: a.admin.token });
    const listed = list.body.find((c: { id: string }) => c.id === created.id);
    expect(listed).toMatchObject({ name: 'CRM', channelId: a.channel.id, active: true, basePath: `/v1/api/external/${created.id}` });
    expect(JSON.stringify(list.body)).not.toContain(created.token);
    const [stored] = await rows(server.ctx, sql`select token_hash from api_configs where id = ${created.id}`);
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.token_hash).not.toContain(created.token);
  });

  it("is the admins' and each tenant's own", async () => {
    expect((await api.get('/api-config', { token: a.agent.token })).status).toBe(403);
    expect((await api.get('/api-config', { token: b.admin.token })).body.some((c: { id: string }) => c.id === configA.id)).toBe(false);
    expect(
      (await api.put(`/api-config/${configA.id}`, { name: 'x', channelId: b.channel.id, active: true }, { token: b.admin.token })).body
        .error,
    ).toBe('ERR_NO_API_CONFIG_FOUND');
    expect(
      (await api.put(`/api-config/${configA.id}`, { name: 'x', channelId: b.channel.id, active: true }, { token: a.admin.token })).body
        .error,
    ).toBe('ERR_NO_WAPP_FOUND');
    // B's admin names A's channel: refused for the channel before the configuration is looked at.
    expect(
      (await api.put(`/api-config/${configA.id}`, { name: 'x', channelId: a.channel.id, active: true }, { token: b.admin.token })).body
        .error,
    ).toBe('ERR_NO_WAPP_FOUND');
    expect((await api.delete(`/api-config/${configA.id}`, { token: b.admin.token })).status).toBe(404);
    expect((await api.get(`/api-config/${configA.id}/logs`, { token: b.admin.token })).status).toBe(404);
  });

  it('regenerating revokes the old token at once; deactivating refuses with a code; deleting refuses', async () => {
    const config = await createConfig(a, 'rotate');
    expect((await api.get(ext(config, '/statuschannel'), asToken(config.token))).status).toBe(200);
    const renewed = await api.put(`/api-config/renew-token/${config.id}`, undefined, { token: a.admin.token });
    expect(renewed.status).toBe(200);
    expect(renewed.body.token).not.toBe(config.token);
    expect((await api.get(ext(config, '/statuschannel'), asToken(config.token))).body.error).toBe('ERR_API_TOKEN_REQUIRED');
    expect((await api.get(ext(config, '/statuschannel'), asToken(renewed.body.token))).status).toBe(200);

    await api.put(`/api-config/${config.id}`, { name: 'rotate', channelId: a.channel.id, active: false }, { token: a.admin.token });
    const inactive = await api.post(ext(config), { body: 'hi', number: '5511999990001' }, asToken(renewed.body.token));
    expect(inactive.status).toBe(403);
    expect(inactive.body.error).toBe('ERR_API_CONFIG_INACTIVE');
    // Logged in the configuration's calls (why an automation fails, for whoever looks), once answered.
    const logged = await eventually(async () =>
      (await rows(server.ctx, sql`select route, status, error_code from api_call_logs where api_config_id = ${config.id}`)).find(
        (row) => row.status === 403,
      ),
    );
    expect(logged).toEqual({ route: '/', status: 403, error_code: 'ERR_API_CONFIG_INACTIVE' });

    expect((await api.delete(`/api-config/${config.id}`, { token: a.admin.token })).status).toBe(204);
    expect((await api.get(ext(config, '/statuschannel'), asToken(renewed.body.token))).status).toBe(401);
  });
});

describe('external API authentication', () => {
  it("refuses a missing, wrong or other configuration's token and unknown ids alike, 401 'API auth token required'", async () => {
    const cases = [
      await api.post(ext(configA), { body: 'x', number: '5511999990001' }),
      await api.post(ext(configA), { body: 'x', number: '5511999990001' }, asToken('cva_wrong')),
      await api.post(ext(configA), { body: 'x', number: '5511999990001' }, asToken(configB.token)),
      await api.post(ext(configB), { body: 'x', number: '5511999990001' }, asToken(configA.token)),
      await api.post('/v1/api/external/00000000-0000-4000-8000-000000000000', { body: 'x' }, asToken(configA.token)),
      await api.post('/v1/api/external/not-a-uuid', { body: 'x' }, asToken(configA.token)),
      await api.post(ext(configA), { body: 'x' }, { token: a.admin.token }),
    ];
    for (const response of cases) {
      expect(response.status).toBe(401);
      expect(response.body.error).toBe('ERR_API_TOKEN_REQUIRED');
    }
    const [count] = await rows(
      server.ctx,
      sql`select count(*)::int as n from messages where tenant_id in (${a.tenant.id}, ${b.tenant.id})`,
    );
    expect(count.n).toBe(0);
  });

  it('rate limits per token: 429 ERR_API_RATE_LIMITED with Retry-After, other tokens unaffected', async () => {
    const limited = await startTestServer({ API_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const client = new Api(limited.url);
      api = client;
      const [configA, configB] = [await createConfig(await buildInboxTenant(limited)), await createConfig(await buildInboxTenant(limited))];
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await client.get(ext(configA, '/statuschannel'), asToken(configA.token))).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await client.get(ext(configA, '/statuschannel'), asToken(configA.token));
      expect(refused.body.error).toBe('ERR_API_RATE_LIMITED');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect((await client.get(ext(configB, '/statuschannel'), asToken(configB.token))).status).toBe(200);
    } finally {
      api = new Api(server.url);
      await limited.close();
    }
  });
});

describe('external API operations', () => {
  it('sends a text to a number: a pending ticket in the channel queue with the message, in the inbox', async () => {
    const sent = await api.post(
      ext(configA),
      { body: 'Your order shipped', number: '+55 11 99999-0002', externalKey: 'order-1' },
      asToken(configA.token),
    );
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ message: 'Message queued', externalKey: 'order-1' });
    const ticket = await api.get(`/tickets/${sent.body.ticketId}`, { token: a.admin.token });
    expect(ticket.body).toMatchObject({ status: 'pending', queueId: a.queue.id });
    const messages = await api.get(`/messages/${sent.body.ticketId}`, { token: a.admin.token });
    expect(messages.body.messages.map((m: { body: string; fromMe: boolean }) => [m.body, m.fromMe])).toContainEqual([
      'Your order shipped',
      true,
    ]);
    // The same number again: the same ticket.
    const again = await api.post(ext(configA), { body: 'Second', number: '5511999990002' }, asToken(configA.token));
    expect(again.body.ticketId).toBe(sent.body.ticketId);
    // By ticketId (as a string, as the Postman collections send it).
    const byTicket = await api.post(ext(configA), { body: 'Third', ticketId: String(sent.body.ticketId) }, asToken(configA.token));
    expect(byTicket.status).toBe(201);
    // A ticket of another tenant or channel is not found.
    const foreign = await api.post(ext(configB), { body: 'x', ticketId: sent.body.ticketId }, asToken(configB.token));
    expect(foreign.body.error).toBe('ERR_NO_TICKET_FOUND');
  });

  it('numbers the tickets it opens at their commit: concurrent sends to new numbers get one protocol each, pushed with them', async () => {
    const admin = await connectAgent(server.url, a.admin.token);
    try {
      const numbers = Array.from({ length: 6 }, (_, i) => `551198888010${i}`);
      const sent = await Promise.all(
        numbers.map((number) => api.post(ext(configA), { body: `Pedido ${number}`, number }, asToken(configA.token))),
      );
      expect(sent.map((response) => response.status)).toEqual(numbers.map(() => 201));
      const ticketIds = sent.map((response) => Number(response.body.ticketId));
      expect(new Set(ticketIds).size).toBe(numbers.length);
      const numbered = await rows(
        server.ctx,
        sql`select ticket_id, protocol from ticket_protocols where ticket_id in (${sql.join(
          ticketIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      const protocolOf = new Map(numbered.map((row) => [Number(row.ticket_id), String(row.protocol)]));
      expect(new Set(protocolOf.values()).size).toBe(numbers.length);
      // The inbox hears each new ticket and its message with the protocol it got at the commit.
      for (const ticketId of ticketIds) {
        const created = await admin.waitFor(SOCKET_EVENTS.ticket, (p) => p?.action === 'create' && p.ticket?.id === ticketId, 10_000);
        expect(created.ticket.protocol).toBe(protocolOf.get(ticketId));
        const message = await admin.waitFor(SOCKET_EVENTS.appMessage, (p) => p?.action === 'create' && p.ticket?.id === ticketId, 10_000);
        expect(message.ticket.protocol).toBe(protocolOf.get(ticketId));
      }
    } finally {
      admin.close();
    }
  });

  it('sends files: multipart upload and base64', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    const form = new FormData();
    form.append('media', new Blob([png], { type: 'image/png' }), 'dot.png');
    form.append('body', 'A picture');
    form.append('number', '5511999990003');
    form.append('externalKey', 'k1');
    const upload = await fetch(`${server.url}${ext(configA)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${configA.token}` },
      body: form,
    });
    expect(upload.status).toBe(201);
    const uploaded = (await upload.json()) as { ticketId: number; messageId: string };
    const inline = await api.post(
      ext(configA),
      {
        body: 'inline',
        number: '5511999990003',
        mediaMessage: { mediaType: 'image/png', fileName: 'dot.png', media: png.toString('base64') },
      },
      asToken(configA.token),
    );
    expect(inline.status).toBe(201);
    const [stored] = await rows(server.ctx, sql`select media_type, media_name from messages where id = ${uploaded.messageId}`);
    expect(stored).toMatchObject({ media_type: 'image', media_name: 'dot.png' });
    // A private address is refused by the outbound policy (no SSRF through mediaUrl).
    const ssrf = await api.post(
      ext(configA),
      { body: 'x', number: '5511999990003', mediaUrl: 'http://169.254.169.254/latest' },
      asToken(configA.token),
    );
    expect(ssrf.status).toBe(400);
  });

  it('refuses bad bodies with codes and writes nothing', async () => {
    const [before] = await rows(server.ctx, sql`select count(*)::int as n from messages where tenant_id = ${a.tenant.id}`);
    const cases: Array<[unknown, number, string]> = [
      [{ body: 'no recipient' }, 400, 'ERR_API_NO_RECIPIENT'],
      [{ body: 'x', number: '12' }, 400, 'ERR_API_INVALID_NUMBER'],
      [{ body: '', number: '5511999990004' }, 400, 'ERR_VALIDATION'],
      [{ body: 42, number: '5511999990004' }, 400, 'ERR_VALIDATION'],
      [{ body: 'x', ticketId: 'abc' }, 400, 'ERR_VALIDATION'],
    ];
    for (const [body, status, code] of cases) {
      const response = await api.post(ext(configA), body, asToken(configA.token));
      expect([response.status, response.body.error]).toEqual([status, code]);
    }
    const notJson = await api.request('POST', ext(configA), { rawBody: '{nope', token: configA.token });
    expect(notJson.status).toBe(400);
    const rich = await api.post(
      ext(configA, '/apioficial'),
      { number: '5511999990004', contents: { type: 'button', body: { text: 'x' }, action: { buttons: [] } } },
      asToken(configA.token),
    );
    expect(rich.body.error).toBe('ERR_VALIDATION');
    // Buttons need a waba channel: the web chat channel refuses them.
    const button = await api.post(
      ext(configA, '/apioficial'),
      {
        number: '5511999990004',
        contents: { type: 'button', body: { text: 'Pick' }, action: { buttons: [{ type: 'reply', reply: { id: '1', title: 'One' } }] } },
      },
      asToken(configA.token),
    );
    expect(button.status).toBe(400);
    const [after] = await rows(server.ctx, sql`select count(*)::int as n from messages where tenant_id = ${a.tenant.id}`);
    expect(after.n).toBe(before.n);
  });

  it('contacts: create, find, update; tickets: create, transfer, close; channel status and directories', async () => {
    const created = await api.post(
      ext(configA, '/createcontact'),
      { name: 'Ana', number: '5511999990005', email: 'ana@example.com' },
      asToken(configA.token),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Ana', number: '5511999990005', email: 'ana@example.com' });
    expect(
      (await api.post(ext(configA, '/createcontact'), { name: 'Ana', number: '5511999990005' }, asToken(configA.token))).body.error,
    ).toBe('ERR_DUPLICATED_CONTACT');
    expect((await api.post(ext(configA, '/contact'), { number: '5511999990005' }, asToken(configA.token))).body.id).toBe(created.body.id);
    expect((await api.post(ext(configB, '/contact'), { contactId: created.body.id }, asToken(configB.token))).body.error).toBe(
      'ERR_NO_CONTACT_FOUND',
    );
    const updated = await api.post(
      ext(configA, '/updatecontact'),
      { contactId: String(created.body.id), name: 'Ana Maria' },
      asToken(configA.token),
    );
    expect(updated.body).toMatchObject({ id: created.body.id, name: 'Ana Maria', email: 'ana@example.com' });

    const ticket = await api.post(
      ext(configA, '/createticket'),
      { number: 5511999990005, status: 'pending', queueId: a.otherQueue.id },
      asToken(configA.token),
    );
    expect(ticket.body).toMatchObject({ status: 'pending', contactId: created.body.id, queueId: a.otherQueue.id });
    expect((await api.post(ext(configA, '/showticket'), { number: '5511999990005' }, asToken(configA.token))).body.id).toBe(ticket.body.id);
    const moved = await api.post(ext(configA, '/updatequeue'), { ticketId: ticket.body.id, queueId: a.queue.id }, asToken(configA.token));
    expect(moved.body).toMatchObject({ queueId: a.queue.id, status: 'pending' });
    const toUser = await api.post(
      ext(configA, '/updateticketinfo'),
      { ticketId: ticket.body.id, status: 'open', userId: a.agent.id },
      asToken(configA.token),
    );
    expect(toUser.body).toMatchObject({ status: 'open', userId: a.agent.id });
    expect(
      (await api.post(ext(configA, '/updateticketinfo'), { ticketId: ticket.body.id, userId: b.agent.id }, asToken(configA.token))).body
        .error,
    ).toBe('ERR_NO_USER_FOUND');
    expect(
      (await api.post(ext(configA, '/updatequeue'), { ticketId: ticket.body.id, queueId: b.queue.id }, asToken(configA.token))).body.error,
    ).toBe('ERR_NO_QUEUE_FOUND');
    expect(
      (await api.post(ext(configB, '/updateticketinfo'), { ticketId: ticket.body.id, status: 'closed' }, asToken(configB.token))).body
        .error,
    ).toBe('ERR_NO_TICKET_FOUND');
    const closed = await api.post(
      ext(configA, '/updateticketinfo'),
      { ticketId: ticket.body.id, status: 'closed' },
      asToken(configA.token),
    );
    expect(closed.body.status).toBe('closed');

    const status = await api.get(ext(configA, '/statuschannel'), asToken(configA.token));
    expect(status.body).toMatchObject({ id: a.channel.id, status: 'connected', connected: true });
    const check = await api.post(ext(configA, '/valid-whatsapp-number'), { number: '5511999990005' }, asToken(configA.token));
    expect(check.body).toEqual({ valid: true, number: '5511999990005', contactId: created.body.id });
    expect((await api.post(ext(configA, '/valid-whatsapp-number'), { number: '123' }, asToken(configA.token))).body.valid).toBe(false);
    const queues = (await api.get(ext(configA, '/queues'), asToken(configA.token))).body.map((q: { id: number }) => q.id);
    expect(queues).toEqual(expect.arrayContaining([a.queue.id, a.otherQueue.id]));
    expect(queues).not.toContain(b.queue.id);
    const users = (await api.get(ext(configA, '/users'), asToken(configA.token))).body.map((u: { id: number }) => u.id);
    expect(users).toContain(a.agent.id);
    expect(users).not.toContain(b.agent.id);
    expect((await api.get(ext(configA, '/channels'), asToken(configA.token))).body.map((c: { id: number }) => c.id)).toEqual([
      a.channel.id,
    ]);
    expect((await api.get(ext(configA, '/tags'), asToken(configA.token))).status).toBe(200);
  });

  it('logs every call (configuration, route, status, duration), paginated, for its own tenant only', async () => {
    const page = await api.get(`/api-config/${configA.id}/logs?page=1`, { token: a.admin.token });
    expect(page.status).toBe(200);
    expect(page.body.logs.length).toBe(20);
    expect(page.body.hasMore).toBe(true);
    expect(page.body.logs[0]).toMatchObject({
      method: expect.any(String),
      route: expect.stringMatching(/^\//),
      status: expect.any(Number),
    });
    const all = await rows(server.ctx, sql`select route, status, error_code from api_call_logs where api_config_id = ${configA.id}`);
    expect(all).toContainEqual({ route: '/createcontact', status: 409, error_code: 'ERR_DUPLICATED_CONTACT' });
    expect(all).toContainEqual({ route: '/', status: 201, error_code: null });
  });
});

describe('external API documents', () => {
  it('serves its own OpenAPI document and a Postman collection made from it', async () => {
    const doc = await api.get('/external-api/openapi.json');
    const paths = Object.keys(doc.body.paths);
    expect(paths.length).toBeGreaterThanOrEqual(14);
    expect(paths.every((p) => p.startsWith('/v1/api/external/{apiId}'))).toBe(true);
    const postman = await api.get('/external-api/postman.json');
    expect(postman.headers.get('content-disposition')).toContain('attachment');
    const names = postman.body.item.map((i: { name: string }) => i.name);
    expect(names).toContain('GET /statuschannel');
    expect(names.length).toBe(paths.reduce((n, p) => n + Object.keys(doc.body.paths[p]).length, 0));
  });

  /**
   * The walk of the external operations (excluded from openapi-cross-tenant / openapi-bad-input,
   * which authenticate with user sessions): from the external document, every operation refuses no
   * token, a wrong one and another tenant's with 401 before reading the body, and with the right
   * token refuses a body that is not JSON, or not an object, with 400 (never 5xx).
   */
  it('walks every external operation: auth refusals and bad bodies', async () => {
    const doc = (await api.get('/external-api/openapi.json')).body;
    const failures: string[] = [];
    for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
      for (const method of Object.keys(item)) {
        const url = path.replace('{apiId}', configA.id);
        for (const token of [undefined, 'cva_nope', configB.token]) {
          const r = await api.request(method.toUpperCase(), url, { token, ...(method === 'post' ? { rawBody: '{bad' } : {}) });
          if (r.status !== 401 || r.body?.error !== 'ERR_API_TOKEN_REQUIRED')
            failures.push(`${method} ${path} token=${token}: ${r.status}`);
        }
        if (method === 'post') {
          for (const rawBody of ['{bad', '[]', '"x"', '{}']) {
            const r = await api.request('POST', url, { token: configA.token, rawBody });
            if (r.status !== 400 || !String(r.body?.error).startsWith('ERR_'))
              failures.push(`${method} ${path} body=${rawBody}: ${r.status} ${JSON.stringify(r.body)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
