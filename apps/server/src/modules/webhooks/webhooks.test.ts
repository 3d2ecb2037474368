/**
 * Outgoing webhooks (issue 13): each active API configuration with a webhook URL receives the
 * tenant's events, signed (HMAC-SHA256 of timestamp + "." + raw body), through durable jobs with
 * backoff, in order per ticket, at least once; a delivery log with resend; the outbound address
 * policy on save and at delivery; tenant isolation. A real HTTP receiver on 127.0.0.1 answers.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { buildInboxTenant, eventually, inboundTicket, rows, visitorKey, type InboxTenant } from '../../../test/inbox.js';
import { applyProviderStatus } from '../messages/use-cases/apply-provider-status.js';
import { queueWebhookDeliveries } from './use-cases/queue-webhook-deliveries.js';
import { retryDelaySeconds } from './webhook-backoff.js';
import { wakeDueWebhookDrains } from './use-cases/wake-due-webhook-drains.js';
import { insertDeliveries, waitsForUnhandledEvent } from './webhooks.repository.js';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
  body: { id: string; type: string; tenantId: number; createdAt: string; data: Record<string, any> };
  at: number;
}

/** A local receiver: records every request by path; `respond` decides each answer's status (200 by default). */
class Receiver {
  readonly received: Received[] = [];
  respond: (request: Received) => number = () => 200;
  private server: Server | undefined;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const entry: Received = { path: req.url ?? '', headers: req.headers, raw, body: JSON.parse(raw), at: Date.now() };
        this.received.push(entry);
        const status = this.respond(entry);
        res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : `nope ${'x'.repeat(2000)}`);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

const verify = (secret: string, r: Received) =>
  r.headers['x-conversa-signature'] ===
  `sha256=${createHmac('sha256', secret)
    .update(`${String(r.headers['x-conversa-timestamp'])}.${r.raw}`)
    .digest('hex')}`;

let server: TestServer;
let api: Api;
let a: InboxTenant;
let b: InboxTenant;
const receiver = new Receiver();

async function createConfig(t: InboxTenant, path: string | null, extra: Record<string, unknown> = {}) {
  const response = await api.post(
    '/api-config',
    { name: `hook ${path}`, channelId: t.channel.id, webhookUrl: path === null ? null : `${receiver.url}${path}`, ...extra },
    { token: t.admin.token },
  );
  expect(response.status).toBe(201);
  return response.body as { id: string; token: string; webhookSecret: string; webhookSecretMasked: string; webhookUrl: string | null };
}

const deliveriesOf = async (t: InboxTenant, configId: string, query = '') =>
  (await api.get(`/api-config/${configId}/webhook-deliveries${query}`, { token: t.admin.token })).body.deliveries as Record<string, any>[];

beforeAll(async () => {
  await receiver.start();
  server = await startTestServer({
    OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
    WEBHOOK_RETRY_FIRST_SECONDS: '0.3',
    WEBHOOK_TIMEOUT_MS: '3000',
  });
  api = new Api(server.url);
  a = await buildInboxTenant(server);
  b = await buildInboxTenant(server);
});
afterAll(async () => {
  await server?.close();
  await receiver.close();
});

describe('webhook settings', () => {
  it('answers the signing secret once in full, then masked; stores it sealed; renewing replaces it', async () => {
    const config = await createConfig(a, '/settings');
    expect(config.webhookSecret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(config.webhookSecretMasked.endsWith(config.webhookSecret.slice(-4))).toBe(true);
    expect(config.webhookUrl).toBe(`${receiver.url}/settings`);
    const list = await api.get('/api-config', { token: a.admin.token });
    expect(JSON.stringify(list.body)).not.toContain(config.webhookSecret);
    const [stored] = await rows(server.ctx, sql`select webhook_secret from api_configs where id = ${config.id}`);
    expect(String(stored.webhook_secret)).toMatch(/^enc:v1:/);
    expect(String(stored.webhook_secret)).not.toContain(config.webhookSecret.slice(6));

    const renewed = await api.put(`/api-config/renew-webhook-secret/${config.id}`, undefined, { token: a.admin.token });
    expect(renewed.status).toBe(200);
    expect(renewed.body.webhookSecret).toMatch(/^whsec_/);
    expect(renewed.body.webhookSecret).not.toBe(config.webhookSecret);
    expect((await api.put(`/api-config/renew-webhook-secret/${config.id}`, undefined, { token: b.admin.token })).status).toBe(404);
    expect((await api.put(`/api-config/renew-webhook-secret/${config.id}`, undefined, { token: a.agent.token })).status).toBe(403);
    await api.delete(`/api-config/${config.id}`, { token: a.admin.token });
  });

  it('refuses a webhook URL that is not http(s)', async () => {
    const response = await api.post(
      '/api-config',
      { name: 'x', channelId: a.channel.id, webhookUrl: 'ftp://example.com/hook' },
      { token: a.admin.token },
    );
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('ERR_VALIDATION');
  });

  it('gives a configuration made before webhooks a secret on first use', async () => {
    const config = await createConfig(a, null);
    await server.ctx.db.execute(sql`update api_configs set webhook_secret = null, webhook_secret_last4 = null where id = ${config.id}`);
    const listed = (await api.get('/api-config', { token: a.admin.token })).body.find((c: { id: string }) => c.id === config.id);
    expect(listed.webhookSecretMasked).toMatch(/^whsec_•+.{4}$/);
    const [stored] = await rows(server.ctx, sql`select webhook_secret from api_configs where id = ${config.id}`);
    expect(String(stored.webhook_secret)).toMatch(/^enc:v1:/);
    await api.delete(`/api-config/${config.id}`, { token: a.admin.token });
  });
});

describe('deliveries', () => {
  it("signs each event; a customer's first message gives ticket.created then message.received; the log shows them delivered", async () => {
    const t = await buildInboxTenant(server);
    const config = await createConfig(t, '/signed');
    const { ticketId, messageId } = await inboundTicket(
      server.ctx,
      { tenantId: t.tenant.id, channelId: t.channel.id },
      { body: 'Oi, webhook' },
    );
    const [created, received] = await eventually(() => Promise.resolve(receiver.at('/signed').length >= 2 && receiver.at('/signed')), {
      what: 'two deliveries',
    });
    expect(created.body.type).toBe('ticket.created');
    expect(received.body.type).toBe('message.received');
    for (const r of [created, received]) {
      expect(verify(config.webhookSecret, r)).toBe(true);
      expect(r.headers['x-conversa-event']).toBe(r.body.type);
      expect(r.headers['x-conversa-event-id']).toBe(r.body.id);
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.body.tenantId).toBe(t.tenant.id);
      expect(Number.isNaN(Date.parse(r.body.createdAt))).toBe(false);
    }
    expect(created.body.id).not.toBe(received.body.id);
    expect(received.body.data.message).toMatchObject({ id: messageId, body: 'Oi, webhook', fromMe: false, ticketId });
    expect(created.body.data.ticket).toMatchObject({ id: ticketId, status: 'pending', queueId: t.queue.id });
    // A tampered body does not verify.
    expect(verify(config.webhookSecret, { ...received, raw: received.raw.replace('Oi', 'Oy') })).toBe(false);

    const log = await eventually(async () => {
      const deliveries = await deliveriesOf(t, config.id);
      return deliveries.length === 2 && deliveries.every((d) => d.state === 'delivered') && deliveries;
    });
    expect(log.map((d) => d.eventType)).toEqual(['message.received', 'ticket.created']);
    expect(log[0]).toMatchObject({
      ticketId,
      attempts: 1,
      lastStatusCode: 200,
      lastError: null,
      nextAttemptAt: null,
      eventId: received.body.id,
    });
    expect((await deliveriesOf(t, config.id, '?status=failed')).length).toBe(0);
  });

  it('tells agent replies, status changes, transfers, contacts created and delivery statuses', async () => {
    const t = await buildInboxTenant(server);
    await createConfig(t, '/kinds');
    const { ticketId } = await inboundTicket(server.ctx, { tenantId: t.tenant.id, channelId: t.channel.id }, { key: visitorKey() });
    expect((await api.put(`/tickets/${ticketId}`, { status: 'open' }, { token: t.agent.token })).status).toBe(200);
    const sent = await api.post(`/messages/${ticketId}`, { body: 'Resposta do agente' }, { token: t.agent.token });
    expect(sent.status).toBeLessThan(300);
    expect((await api.put(`/tickets/${ticketId}`, { userId: t.peer.id }, { token: t.admin.token })).status).toBe(200);
    expect((await api.post('/contacts', { name: 'Novo contato', number: '5511988887777' }, { token: t.admin.token })).status).toBe(201);
    const types = () => receiver.at('/kinds').map((r) => r.body.type);
    await eventually(
      () =>
        Promise.resolve(
          ['message.sent', 'ticket.status_changed', 'ticket.transferred', 'contact.created'].every((x) => types().includes(x)),
        ),
      {
        what: () => `every kind, got ${types().join(', ')}`,
      },
    );
    const byType = (type: string) => receiver.at('/kinds').find((r) => r.body.type === type)!.body;
    expect(byType('ticket.status_changed').data).toMatchObject({ previousStatus: 'pending', ticket: { id: ticketId, status: 'open' } });
    expect(byType('ticket.transferred').data).toMatchObject({ from: { userId: t.agent.id }, to: { userId: t.peer.id } });
    expect(byType('message.sent').data.message).toMatchObject({ body: expect.stringContaining('Resposta do agente'), fromMe: true });
    expect(byType('contact.created').data.contact).toMatchObject({ name: 'Novo contato', number: '5511988887777' });

    // A provider's delivery status (the agent's message, known by its provider id).
    const messageId = byType('message.sent').data.message.id as string;
    await server.ctx.db.execute(sql`update messages set external_id = 'prov-1', ack = 1, status = 'sent' where id = ${messageId}`);
    expect(
      await applyProviderStatus(server.ctx, { tenantId: t.tenant.id, channelId: t.channel.id, externalId: 'prov-1', status: 'read' }),
    ).toBe('applied');
    const ack = await eventually(() => Promise.resolve(receiver.at('/kinds').find((r) => r.body.type === 'message.ack')));
    expect(ack.body.data).toEqual({ messageId, ticketId, ack: 3, status: 'read' });
  });

  it('retries with a growing backoff after 500s, then delivers', async () => {
    const t = await buildInboxTenant(server);
    const config = await createConfig(t, '/flaky');
    let failures = 0;
    const previous = receiver.respond;
    receiver.respond = (r) => (r.path === '/flaky' && r.body.type === 'contact.created' && failures++ < 3 ? 500 : previous(r));
    expect((await api.post('/contacts', { name: 'Retry', number: '5511977776666' }, { token: t.admin.token })).status).toBe(201);
    const [delivery] = await eventually(
      async () => {
        const deliveries = await deliveriesOf(t, config.id);
        return deliveries[0]?.state === 'delivered' && deliveries;
      },
      { timeoutMs: 20_000 },
    );
    receiver.respond = previous;
    expect(delivery).toMatchObject({ attempts: 4, lastStatusCode: 200, lastError: null });
    const attempts = receiver.at('/flaky');
    expect(attempts).toHaveLength(4);
    expect(new Set(attempts.map((r) => r.body.id)).size).toBe(1);
    const gaps = attempts.slice(1).map((r, i) => r.at - attempts[i].at);
    // 0.3 s, 0.6 s, 1.2 s (± 10 %): each wait at least the backoff, and growing.
    gaps.forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(0.3 * 2 ** i * 900 - 50));
    expect(gaps[2]).toBeGreaterThan(gaps[0]);
  });

  it('marks a delivery failed once its retry window has passed, keeping only the start of the answer', async () => {
    const t = await buildInboxTenant(server);
    const config = await createConfig(t, '/give-up');
    const previous = receiver.respond;
    receiver.respond = (r) => (r.path === '/give-up' ? 500 : previous(r));
    expect((await api.post('/contacts', { name: 'Give up', number: '5511911110000' }, { token: t.admin.token })).status).toBe(201);
    await eventually(() => Promise.resolve(receiver.at('/give-up').length >= 1));
    // As if 24 h had passed: the next failed attempt is the last.
    await server.ctx.db.execute(sql`update webhook_deliveries set give_up_at = now() where api_config_id = ${config.id}`);
    const [failed] = await eventually(
      async () => {
        const deliveries = await deliveriesOf(t, config.id);
        return deliveries[0]?.state === 'failed' && deliveries;
      },
      { timeoutMs: 15_000 },
    );
    receiver.respond = previous;
    expect(failed).toMatchObject({ lastStatusCode: 500, lastError: 'HTTP 500', nextAttemptAt: null });
    expect(failed.responseExcerpt.length).toBeLessThanOrEqual(500);
    expect(failed.responseExcerpt.startsWith('nope ')).toBe(true);
    expect((await deliveriesOf(t, config.id, '?status=failed')).map((d) => d.id)).toEqual([failed.id]);
  });

  it('keeps the order of a ticket: a later event waits while the earlier one keeps failing', async () => {
    const t = await buildInboxTenant(server);
    const config = await createConfig(t, '/ordered');
    let open = false;
    const previous = receiver.respond;
    receiver.respond = (r) => (r.path === '/ordered' && !open ? 503 : previous(r));
    const key = visitorKey();
    const first = await inboundTicket(server.ctx, { tenantId: t.tenant.id, channelId: t.channel.id }, { key, body: 'primeira' });
    const second = await inboundTicket(server.ctx, { tenantId: t.tenant.id, channelId: t.channel.id }, { key, body: 'segunda' });
    expect(second.ticketId).toBe(first.ticketId);
    // The positive marker: the first event has been tried three times (backoffs included) while the receiver failed.
    await eventually(() => Promise.resolve(receiver.at('/ordered').length >= 3), { timeoutMs: 15_000 });
    const tried = receiver.at('/ordered').map((r) => r.body.type);
    expect(new Set(tried)).toEqual(new Set(['ticket.created']));
    const pending = await deliveriesOf(t, config.id, '?status=pending');
    expect(pending.map((d) => d.eventType).sort()).toEqual(['message.received', 'message.received', 'ticket.created']);
    expect(pending.find((d) => d.eventType === 'message.received' && d.attempts > 0)).toBeUndefined();
    open = true;
    receiver.respond = previous;
    await eventually(() => Promise.resolve(receiver.at('/ordered').filter((r) => r.body.type === 'message.received').length === 2), {
      timeoutMs: 15_000,
    });
    const delivered = receiver.at('/ordered').filter((r) => r.headers['x-conversa-event'] && r.at >= 0);
    const order = delivered.slice(-3).map((r) => (r.body.type === 'message.received' ? r.body.data.message.body : r.body.type));
    expect(order).toEqual(['ticket.created', 'primeira', 'segunda']);
  });

  it('makes a later event wait for an earlier one of its ticket that is still being relayed (events are relayed concurrently)', async () => {
    const t = await buildInboxTenant(server);
    const { ticketId, messageId } = await inboundTicket(server.ctx, { tenantId: t.tenant.id, channelId: t.channel.id }, { body: 'antes' });
    // The ticket's own first events are relayed before the configuration exists (on a busy machine
    // their relay could otherwise come after it and deliver them too).
    await server.ctx.events.drain();
    const config = await createConfig(t, '/relay-order');
    // Two events of the ticket, logged but not relayed yet (as if their relays were still running).
    const event = { type: 'message.created' as const, tenantId: t.tenant.id, ticketId, messageId };
    const [earlier, later] = await server.ctx.db.transaction((tx) => server.ctx.events.record(tx, [event, event]));
    expect(await queueWebhookDeliveries(server.ctx, [{ ...later, eventId: later.id, loggedAt: new Date() }])).toBe(1);
    // The positive marker: the later delivery's job ran and found its turn not come.
    const waiting = await eventually(async () => {
      const [row] = await rows(
        server.ctx,
        sql`select id from webhook_deliveries where api_config_id = ${config.id} and event_id = ${Number(later.id)}`,
      );
      return row && (await waitsForUnhandledEvent(server.ctx.db, t.tenant.id, String(row.id))) && row;
    });
    expect(waiting).toBeTruthy();
    // Nothing of the ticket went out yet — unless the event log's periodic sweep relayed the earlier
    // event meanwhile (it may, on a slow machine): then the earlier one goes out first all the same.
    const early = receiver.at('/relay-order').map((r) => r.body.id);
    if (early.includes(`${later.id}-0`)) expect(early.indexOf(`${earlier.id}-0`)).toBeGreaterThanOrEqual(0);
    // 1, or 0 when the sweep already made the earlier delivery (unique per configuration and event).
    expect([0, 1]).toContain(await queueWebhookDeliveries(server.ctx, [{ ...earlier, eventId: earlier.id, loggedAt: new Date() }]));
    await eventually(() => Promise.resolve(receiver.at('/relay-order').length === 2), { timeoutMs: 10_000 });
    expect(receiver.at('/relay-order').map((r) => r.body.id)).toEqual([`${earlier.id}-0`, `${later.id}-0`]);
  });

  it('resends a delivered event on demand (same event id), and answers the delivery', async () => {
    const t = await buildInboxTenant(server);
    const config = await createConfig(t, '/resend');
    expect((await api.post('/contacts', { name: 'Resend', number: '5511966665555' }, { token: t.admin.token })).status).toBe(201);
    const [delivery] = await eventually(async () => {
      const deliveries = await deliveriesOf(t, config.id);
      return deliveries[0]?.state === 'delivered' && deliveries;
    });
    const resent = await api.post(`/api-config/${config.id}/webhook-deliveries/${delivery.id}/resend`, undefined, { token: t.admin.token });
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ id: delivery.id, state: 'pending' });
    await eventually(() => Promise.resolve(receiver.at('/resend').length === 2));
    const [firstTime, again] = receiver.at('/resend');
    expect(again.body.id).toBe(firstTime.body.id);
    expect(again.raw).toBe(firstTime.raw);
    await eventually(async () => (await deliveriesOf(t, config.id))[0]?.attempts === 2);
  });

  it('sends in one drain many deliveries of a configuration, and the sweep wakes a drain for deliveries left without one', async () => {
    const t = await buildInboxTenant(server);
    const config = await createConfig(t, '/sweep');
    // Deliveries made without waking a drain (as those queued before drains existed): nothing sends them...
    const rows = Array.from({ length: 60 }, (_, i) => ({
      tenantId: t.tenant.id,
      apiConfigId: config.id,
      eventId: 900_000_000 + i,
      seq: 0,
      eventType: 'contact.created',
      ticketId: null,
      body: JSON.stringify({ id: `${900_000_000 + i}-0`, type: 'contact.created', tenantId: t.tenant.id, data: { i } }),
    }));
    expect(await insertDeliveries(server.ctx.db, rows, 3600)).toHaveLength(60);
    // ...until the sweep (every minute in production) wakes the drain, which sends them all in two rounds.
    expect(await wakeDueWebhookDrains(server.ctx)).toBeGreaterThanOrEqual(1);
    await eventually(() => Promise.resolve(receiver.at('/sweep').length === 60), { timeoutMs: 15_000 });
    expect(new Set(receiver.at('/sweep').map((r) => r.body.id)).size).toBe(60);
    await eventually(async () => (await deliveriesOf(t, config.id)).every((d) => d.state === 'delivered'));
  });

  it('delivers nothing to an inactive configuration nor to one without a URL', async () => {
    const t = await buildInboxTenant(server);
    const inactive = await createConfig(t, '/inactive', { active: false });
    const noUrl = await createConfig(t, null);
    const active = await createConfig(t, '/active');
    expect((await api.post('/contacts', { name: 'Só ativo', number: '5511955554444' }, { token: t.admin.token })).status).toBe(201);
    // The positive marker: the active configuration's delivery (made in the same transaction as any other one).
    await eventually(() => Promise.resolve(receiver.at('/active').length === 1));
    expect(receiver.at('/inactive')).toHaveLength(0);
    expect(await deliveriesOf(t, inactive.id)).toHaveLength(0);
    expect(await deliveriesOf(t, noUrl.id)).toHaveLength(0);
    expect(await deliveriesOf(t, active.id)).toHaveLength(1);
  });

  it("is each tenant's own: another tenant's configuration or delivery is unknown", async () => {
    const config = await createConfig(a, '/isolation');
    expect((await api.post('/contacts', { name: 'Isolado', number: '5511944443333' }, { token: a.admin.token })).status).toBe(201);
    const [delivery] = await eventually(async () => (await deliveriesOf(a, config.id)).length === 1 && deliveriesOf(a, config.id));
    const own = await createConfig(b, '/isolation-b');
    expect((await api.get(`/api-config/${config.id}/webhook-deliveries`, { token: b.admin.token })).body.error).toBe(
      'ERR_NO_API_CONFIG_FOUND',
    );
    expect(
      (await api.post(`/api-config/${config.id}/webhook-deliveries/${delivery.id}/resend`, undefined, { token: b.admin.token })).status,
    ).toBe(404);
    const viaOwn = await api.post(`/api-config/${own.id}/webhook-deliveries/${delivery.id}/resend`, undefined, { token: b.admin.token });
    expect(viaOwn.status).toBe(404);
    expect(viaOwn.body.error).toBe('ERR_NO_WEBHOOK_DELIVERY_FOUND');
    expect((await api.get(`/api-config/${config.id}/webhook-deliveries`, { token: a.agent.token })).status).toBe(403);
    // B's events never reach A's URL.
    expect((await api.post('/contacts', { name: 'De B', number: '5511933332222' }, { token: b.admin.token })).status).toBe(201);
    await eventually(() => Promise.resolve(receiver.at('/isolation-b').some((r) => r.body.data.contact?.name === 'De B')));
    expect(receiver.at('/isolation').every((r) => r.body.tenantId === a.tenant.id)).toBe(true);
  });

  it('backs off from the first delay, doubling, at most an hour, with a little jitter', () => {
    expect(retryDelaySeconds(1, 10, () => 0.5)).toBe(10);
    expect(retryDelaySeconds(3, 10, () => 0.5)).toBe(40);
    expect(retryDelaySeconds(30, 10, () => 0.5)).toBe(3600);
    expect(retryDelaySeconds(1, 10, () => 0)).toBeCloseTo(9);
  });
});

describe('the outbound address policy (SSRF)', () => {
  let strict: TestServer;
  let strictApi: Api;
  let s: InboxTenant;
  beforeAll(async () => {
    strict = await startTestServer({ WEBHOOK_RETRY_FIRST_SECONDS: '0.3' });
    strictApi = new Api(strict.url);
    s = await buildInboxTenant(strict);
  });
  afterAll(async () => strict?.close());

  it('refuses a private-network webhook URL when saved', async () => {
    for (const url of [`${receiver.url}/private`, 'http://169.254.169.254/latest/meta-data', 'http://localhost/hook']) {
      const response = await strictApi.post(
        '/api-config',
        { name: 'ssrf', channelId: s.channel.id, webhookUrl: url },
        { token: s.admin.token },
      );
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('ERR_VALIDATION');
      expect(JSON.stringify(response.body.fields?.webhookUrl)).toContain('private network');
    }
    const ok = await strictApi.post('/api-config', { name: 'none', channelId: s.channel.id, webhookUrl: null }, { token: s.admin.token });
    expect(ok.status).toBe(201);
    const update = await strictApi.put(
      `/api-config/${ok.body.id}`,
      { name: 'none', channelId: s.channel.id, active: true, webhookUrl: `${receiver.url}/private` },
      { token: s.admin.token },
    );
    expect(update.status).toBe(400);
    expect(update.body.error).toBe('ERR_VALIDATION');
  });

  it('refuses at delivery a URL whose name now resolves to a private address (DNS rebinding), and keeps retrying', async () => {
    const created = await strictApi.post(
      '/api-config',
      { name: 'rebind', channelId: s.channel.id, webhookUrl: null },
      { token: s.admin.token },
    );
    const port = new URL(receiver.url).port;
    // As if the name had resolved to a public address when saved and to a loopback one now.
    await strict.ctx.db.execute(
      sql`update api_configs set webhook_url = ${`http://localhost:${port}/rebind`} where id = ${created.body.id}`,
    );
    expect((await strictApi.post('/contacts', { name: 'Rebind', number: '5511922221111' }, { token: s.admin.token })).status).toBe(201);
    const [delivery] = await eventually(
      async () => {
        const deliveries = (await strictApi.get(`/api-config/${created.body.id}/webhook-deliveries`, { token: s.admin.token })).body
          .deliveries as Record<string, any>[];
        return deliveries[0]?.attempts >= 2 && deliveries;
      },
      { timeoutMs: 15_000 },
    );
    expect(delivery).toMatchObject({ state: 'pending', lastStatusCode: null });
    expect(delivery.lastError).toMatch(/not a public address/);
    expect(receiver.at('/rebind')).toHaveLength(0);
  });
});
