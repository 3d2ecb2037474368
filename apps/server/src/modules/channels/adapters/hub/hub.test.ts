/**
 * The `hub` channel (NotificaMe Hub) against the NotificaMe simulator (@conversa/simulators):
 * connect (the selected hub channel, webhook subscriptions), inbound text and media to a ticket
 * for WhatsApp, Instagram and Messenger contacts, replies with the documented payloads, statuses,
 * idempotent webhooks, refused secrets, and retries of 429 / 5xx answers.
 */
import { startNotificameSimulator, type NotificameSimulator } from '@conversa/simulators';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../../../test/api.js';
import type { TestServer } from '../../../../../test/harness.js';
import { startProviderTestEnv, stopProviderTestEnv } from '../../../../../test/provider-env.js';
import { count, rows, type AgentSocket, type InboxTenant, settledMessageRow } from '../../../../../test/inbox.js';
import { AppError } from '../../../../platform/http/app-error.js';
import { hubFailure, HubUnavailableError } from './hub.client.js';

/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const CUSTOMER = '5511988887777';
const IGSID = '17841400000000001';
const PSID = '6300000000000001';

let server: TestServer;
let api: Api;
let sim: NotificameSimulator;
let t: InboxTenant;
let watcher: AgentSocket;
let channel: { id: number; publicKey: string };
let webhookPath: string;

const hubOf = (kind: 'whatsapp' | 'instagram' | 'facebook') => sim.channels.find((c) => c.channel === kind)!;

beforeAll(async () => {
  ({ server, api, sim, t, watcher } = await startProviderTestEnv(startNotificameSimulator));
}, 60_000);
afterAll(() => stopProviderTestEnv({ server, sim }));

const messagesOf = (channelId: number, externalId: string) =>
  rows(server.ctx, sql`select * from messages where channel_id = ${channelId} and external_id = ${externalId}`);
const storedCount = () => count(server.ctx, sql`select count(*) from messages where tenant_id = ${t.tenant.id}`);
const sendsTo = (path: string) => sim.requests.filter((r) => r.method === 'POST' && r.path === path);
const lastSend = (path: string) => sendsTo(path).at(-1)!;

async function createHubChannel(name: string, kind: 'whatsapp' | 'instagram' | 'facebook', token = sim.token) {
  return api.post(
    '/whatsapp',
    {
      name,
      type: 'hub',
      queueId: t.queue.id,
      settings: { baseUrl: `${sim.url}/`, token, hubChannelId: hubOf(kind).id, hubChannelType: kind },
    },
    { token: t.admin.token },
  );
}

async function ticketOf(channelId: number, contactId: number): Promise<number> {
  const [row] = await rows(
    server.ctx,
    sql`select id from tickets where channel_id = ${channelId} and contact_id = ${contactId} order by id desc limit 1`,
  );
  return Number(row.id);
}

async function reply(ticketId: number, body: string): Promise<string> {
  const response = await api.post(`/messages/${ticketId}`, { body }, { token: t.agent.token });
  expect(response.status).toBe(201);
  return response.body.id as string;
}

const sentRow = (messageId: string, timeoutMs?: number) => settledMessageRow(server.ctx, messageId, { timeoutMs });

let whatsappTicket: number;

describe('hub (NotificaMe) channel', () => {
  it('connects: checks the selected hub channel and subscribes the webhook to its messages and statuses, once', async () => {
    const created = await createHubChannel('NotificaMe WhatsApp', 'whatsapp');
    expect(created.status).toBe(201);
    channel = { id: created.body.id, publicKey: created.body.publicKey };
    expect(created.body).toMatchObject({
      status: 'connected',
      settings: { token: '••••••', webhookSecret: '••••••', hubChannelId: hubOf('whatsapp').id, hubChannelType: 'whatsapp' },
    });

    const list = sim.requests.find((r) => r.method === 'GET' && r.path === '/v1/channels')!;
    expect(list.headers['x-api-token']).toBe(sim.token);
    const subscribed = sim.requests.filter((r) => r.method === 'POST' && r.path === '/v1/subscriptions');
    expect(subscribed).toHaveLength(2);
    const url = (subscribed[0].body as any).webhook.url as string;
    expect(url).toMatch(new RegExp(`^${server.url}/webhooks/hub/${channel.publicKey}/[A-Za-z0-9_-]{24,}$`));
    webhookPath = new URL(url).pathname;
    expect(subscribed.map((r) => r.body)).toEqual([
      { eventType: 'MESSAGE', webhook: { url }, criteria: { channel: hubOf('whatsapp').id, direction: 'IN' }, status: 'ACTIVE' },
      { eventType: 'MESSAGE_STATUS', webhook: { url }, criteria: { channel: hubOf('whatsapp').id }, status: 'ACTIVE' },
    ]);

    // Started again: the subscriptions are there already, none is added.
    const started = await api.post(`/whatsapp/${channel.id}/start`, undefined, { token: t.admin.token });
    expect([started.status, started.body.status]).toEqual([200, 'connected']);
    expect(sim.subscriptions.filter((s) => s.webhook.url === url)).toHaveLength(2);
  });

  it('does not connect a hub channel that is not in the account, nor with a refused token', async () => {
    const wrongKind = await api.post(
      '/whatsapp',
      {
        name: 'wrong kind',
        type: 'hub',
        settings: { baseUrl: sim.url, token: sim.token, hubChannelId: hubOf('instagram').id, hubChannelType: 'whatsapp' },
      },
      { token: t.admin.token },
    );
    const unknown = await api.post(
      '/whatsapp',
      { name: 'unknown', type: 'hub', settings: { baseUrl: sim.url, token: sim.token, hubChannelId: 'nope', hubChannelType: 'whatsapp' } },
      { token: t.admin.token },
    );
    const badToken = await createHubChannel('bad token', 'whatsapp', 'not-the-token');
    for (const created of [wrongKind, unknown, badToken]) {
      expect(created.status).toBe(201);
      expect(created.body.status).not.toBe('connected');
      const started = await api.post(`/whatsapp/${created.body.id}/start`, undefined, { token: t.admin.token });
      expect([started.status, started.body.error]).toEqual([409, 'ERR_WAPP_NOT_INITIALIZED']);
      const deleted = await api.request('DELETE', `/whatsapp/${created.body.id}`, { token: t.admin.token });
      expect(deleted.status).toBeLessThan(300);
    }
  });

  it('stores an inbound WhatsApp text on a ticket keyed by the number (hub WhatsApp id kept), and a retried webhook stores nothing twice', async () => {
    const inbound = await sim.sendInbound({
      channelId: hubOf('whatsapp').id,
      from: CUSTOMER,
      text: 'Oi, tudo bem?',
      visitor: { name: 'Ana Cliente', firstName: 'Ana', lastName: 'Cliente' },
    });
    expect(inbound.deliveries.map((d) => [d.status, d.body])).toEqual([[200, { received: true, outcome: 'stored' }]]);
    const [message] = await messagesOf(channel.id, inbound.id);
    expect(message).toMatchObject({ body: 'Oi, tudo bem?', from_me: false });
    const [contact] = await rows(server.ctx, sql`select * from contacts where id = ${message.contact_id}`);
    expect(contact).toMatchObject({ number: CUSTOMER, hub_whatsapp_id: CUSTOMER, name: 'Ana Cliente' });
    whatsappTicket = await ticketOf(channel.id, Number(message.contact_id));
    const [ticket] = await rows(server.ctx, sql`select * from tickets where id = ${whatsappTicket}`);
    expect(ticket).toMatchObject({ queue_id: t.queue.id, channel_id: channel.id });

    const before = await storedCount();
    const again = await api.post(webhookPath, inbound.deliveries[0].event);
    expect([again.status, again.body]).toEqual([200, { received: true, outcome: 'duplicate' }]);
    expect(await storedCount()).toBe(before);
  });

  it('stores an inbound file fetched from its URL, with its caption', async () => {
    const inbound = await sim.sendInbound({
      channelId: hubOf('whatsapp').id,
      from: CUSTOMER,
      file: { content: PNG, mimetype: 'image/png', name: 'foto.png', caption: 'a foto' },
    });
    expect(inbound.deliveries[0].body).toEqual({ received: true, outcome: 'stored' });
    const [message] = await messagesOf(channel.id, inbound.id);
    expect(message).toMatchObject({ body: 'a foto', media_type: 'image', media_mime: 'image/png', media_size: PNG.length });
    expect(await server.ctx.media.read(message.media_key as string)).toEqual(PNG);
    expect(sim.requests.some((r) => r.method === 'GET' && r.path.startsWith('/files/'))).toBe(true);
  });

  it('sends a reply with the documented payload, and status callbacks update its ack', async () => {
    const messageId = await reply(whatsappTicket, 'Tudo ótimo!');
    const row = await sentRow(messageId);
    expect(row).toMatchObject({ status: 'sent', ack: 1 });
    const request = lastSend('/v2/channels/whatsapp/messages');
    expect(request.headers['x-api-token']).toBe(sim.token);
    expect(request.body).toEqual({ from: hubOf('whatsapp').id, to: CUSTOMER, contents: [{ type: 'text', text: 'Tudo ótimo!' }] });
    const sent = sim.sent.at(-1)!;
    expect(row.external_id).toBe(sent.id);

    expect((await sim.sendStatus(sent.id, 'DELIVERED')).deliveries[0].body).toEqual({ received: true, outcome: 'status' });
    expect((await messagesOf(channel.id, sent.id))[0]).toMatchObject({ status: 'delivered', ack: 2 });
    await sim.sendStatus(sent.id, 'READ');
    expect((await messagesOf(channel.id, sent.id))[0]).toMatchObject({ status: 'read', ack: 3 });
    await sim.sendStatus(sent.id, 'DELIVERED');
    expect((await messagesOf(channel.id, sent.id))[0]).toMatchObject({ status: 'read', ack: 3 });
    await watcher.waitFor('appMessage', (p) => p.message?.id === messageId && p.message.ack === 3);

    const rejectedId = await reply(whatsappTicket, 'esta não chega');
    const rejected = await sentRow(rejectedId);
    await sim.sendStatus(rejected.external_id as string, 'REJECTED', { description: 'Not delivered' });
    expect((await messagesOf(channel.id, rejected.external_id as string))[0]).toMatchObject({
      status: 'failed',
      error: 'ERR_SENDING_WAPP_MSG',
    });
  });

  it('sends media as a file content with a signed URL the provider can fetch', async () => {
    const form = new FormData();
    form.append('body', 'o comprovante');
    form.append('medias', new Blob([PNG], { type: 'image/png' }), 'comprovante.png');
    const uploaded = await fetch(`${server.url}/messages/${whatsappTicket}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.agent.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const media = (await uploaded.json()) as { id: string };
    expect(await sentRow(media.id)).toMatchObject({ status: 'sent' });
    const body = lastSend('/v2/channels/whatsapp/messages').body as any;
    expect(body).toMatchObject({
      from: hubOf('whatsapp').id,
      to: CUSTOMER,
      contents: [{ type: 'file', fileMimeType: 'image/png', fileName: 'comprovante.png', fileCaption: 'o comprovante' }],
    });
    expect(body.contents).toHaveLength(1);
    expect(body.contents[0].fileUrl).toMatch(new RegExp(`^${server.url}/media/`));
    const file = await fetch(body.contents[0].fileUrl);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PNG);
  });

  it('serves Instagram and Messenger contacts (instagramPK, messengerId) in and out', async () => {
    for (const [kind, from, column, path] of [
      ['instagram', IGSID, 'instagram_pk', '/v2/channels/instagram/messages'],
      ['facebook', PSID, 'messenger_id', '/v1/channels/facebook/messages'],
    ] as const) {
      const created = await createHubChannel(`NotificaMe ${kind}`, kind);
      expect([created.status, created.body.status], JSON.stringify(created.body)).toEqual([201, 'connected']);
      const inbound = await sim.sendInbound({
        channelId: hubOf(kind).id,
        from,
        text: `olá pelo ${kind}`,
        visitor: { firstName: 'Bia', lastName: kind },
      });
      expect(
        inbound.deliveries.map((d) => d.body),
        kind,
      ).toEqual([{ received: true, outcome: 'stored' }]);
      const [message] = await messagesOf(created.body.id, inbound.id);
      const [contact] = await rows(server.ctx, sql`select * from contacts where id = ${message.contact_id}`);
      expect(contact, kind).toMatchObject({ external_key: `hub:${kind}:${from}`, [column]: from, number: null, name: `Bia ${kind}` });

      const messageId = await reply(await ticketOf(created.body.id, Number(contact.id)), `resposta ${kind}`);
      expect(await sentRow(messageId), kind).toMatchObject({ status: 'sent' });
      expect(lastSend(path).body, kind).toEqual({ from: hubOf(kind).id, to: from, contents: [{ type: 'text', text: `resposta ${kind}` }] });
    }
  });

  it('skips its own outgoing messages and ignores unknown events (answered, nothing stored)', async () => {
    const before = await storedCount();
    const out = await api.post(webhookPath, {
      id: 'e1',
      type: 'MESSAGE',
      direction: 'OUT',
      message: { id: 'OUT1', from: hubOf('whatsapp').id, to: CUSTOMER, direction: 'OUT', contents: [{ type: 'text', text: 'eco' }] },
    });
    const other = await api.post(webhookPath, { id: 'e2', type: 'CONVERSATION_STATUS' });
    expect([out.body.outcome, other.body.outcome]).toEqual(['skipped', 'ignored']);
    expect(await storedCount()).toBe(before);
  });

  it('refuses a wrong secret, an unknown channel and another type before anything is stored', async () => {
    const event = {
      id: 'forged',
      type: 'MESSAGE',
      direction: 'IN',
      message: { id: 'FORGED1', from: '5511900000000', direction: 'IN', contents: [{ type: 'text', text: 'forged' }] },
    };
    const before = await storedCount();
    const [, , , publicKey, secret] = webhookPath.split('/');
    const wrong = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    for (const path of [
      `/webhooks/hub/${publicKey}/${wrong}`,
      `/webhooks/hub/${publicKey}/${secret.slice(1)}`,
      `/webhooks/hub/nope/${secret}`,
      `/webhooks/hub/${t.channel.publicKey}/${secret}`,
    ]) {
      const response = await api.post(path, event);
      expect(response.status, path).toBe(401);
      expect(response.body.error).toBe('ERR_INVALID_TOKEN');
    }
    expect(await storedCount()).toBe(before);
    expect(await messagesOf(channel.id, 'FORGED1')).toHaveLength(0);

    const bad = await api.post(webhookPath, { type: 'MESSAGE', message: { contents: [] } });
    expect([bad.status, bad.body.error]).toEqual([400, 'ERR_VALIDATION']);
    expect(await storedCount()).toBe(before);
  });

  it('retries a 429 and a 5xx answer later, and the message is finally sent once', async () => {
    const path = '/v2/channels/whatsapp/messages';
    sim.fail({
      path: /^\/v2\/channels\/whatsapp\/messages$/,
      status: 429,
      body: { code: 'TOO_MANY_REQUESTS', message: 'Too many requests' },
    });
    sim.fail({ path: /^\/v2\/channels\/whatsapp\/messages$/, status: 502, body: { code: 'BAD_GATEWAY', message: 'Bad gateway' } });
    const before = sendsTo(path).length;
    const sentBefore = sim.sent.length;
    const messageId = await reply(whatsappTicket, 'Depois de um tempo');
    expect(await sentRow(messageId, 60_000)).toMatchObject({ status: 'sent', ack: 1, error: null });
    const attempts = sendsTo(path).slice(before);
    expect(attempts.map((a) => a.status)).toEqual([429, 502, 200]);
    expect(sim.sent.length - sentBefore).toBe(1);
    expect(attempts[2].at - attempts[0].at).toBeGreaterThan(2_000);
  }, 90_000);

  it('fails a send at once when NotificaMe refuses the token (401), without retrying', async () => {
    const path = '/v2/channels/whatsapp/messages';
    sim.fail({ path: /^\/v2\/channels\/whatsapp\/messages$/, status: 401, body: { code: 'UNAUTHORIZED', message: 'Invalid API token' } });
    const before = sendsTo(path).length;
    const messageId = await reply(whatsappTicket, 'com o token errado');
    expect(await sentRow(messageId)).toMatchObject({ status: 'failed', error: 'ERR_SENDING_WAPP_MSG' });
    expect(sendsTo(path).length - before).toBe(1);
  });

  it('maps NotificaMe errors to the spec codes', () => {
    const code = (e: Error) => (e instanceof AppError ? e.code : e.name);
    expect(code(hubFailure('send', 401, { code: 'UNAUTHORIZED', message: 'x' }))).toBe('ERR_SENDING_WAPP_MSG');
    expect(code(hubFailure('session', 401, { code: 'UNAUTHORIZED', message: 'x' }))).toBe('ERR_WAPP_NOT_INITIALIZED');
    expect(
      code(
        hubFailure('send', 400, { code: '400', message: 'Validation error', details: [{ code: '400', path: 'to', message: 'invalid' }] }),
      ),
    ).toBe('ERR_WAPP_INVALID_CONTACT');
    expect(
      code(
        hubFailure('send', 400, {
          code: '400',
          message: 'Validation error',
          details: [{ code: '400', path: 'contents', message: 'invalid' }],
        }),
      ),
    ).toBe('ERR_SENDING_WAPP_MSG');
    expect(hubFailure('send', 429, {})).toBeInstanceOf(HubUnavailableError);
    expect(hubFailure('send', 503, {})).toBeInstanceOf(HubUnavailableError);
  });

  it('stops: removes its subscriptions and shows the channel disconnected', async () => {
    const stopped = await api.post(`/whatsapp/${channel.id}/stop`, undefined, { token: t.admin.token });
    expect([stopped.status, stopped.body.status]).toEqual([200, 'disconnected']);
    expect(sim.subscriptions.filter((s) => s.webhook.url.includes(`/webhooks/hub/${channel.publicKey}/`))).toHaveLength(0);
    expect(sim.subscriptions.length).toBeGreaterThan(0);
  });
});
