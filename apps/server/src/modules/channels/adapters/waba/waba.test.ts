/**
 * The WhatsApp Business Cloud API channel against the Meta Cloud API simulator: settings and
 * start (Graph check → connected, or 'WABA data incorrect' and disconnected), the webhook
 * (verification handshake; X-Hub-Signature-256 on the raw body before anything is stored;
 * every inbound type, media downloaded and stored; statuses → acks), sends (text, quoted,
 * media by upload and by link), error mapping (retryable vs permanent), exact numbers, throttle.
 */
import { randomInt, randomUUID } from 'node:crypto';
import {
  metaCloudFixture,
  metaCloudFixtureNames,
  signMetaWebhook,
  startMetaCloudSimulator,
  type MetaCloudSimulator,
} from '@conversa/simulators';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../../../test/api.js';
import { startTestServer, type TestServer } from '../../../../../test/harness.js';
import { buildInboxTenant, eventually, rows, type InboxTenant, settledMessageRow } from '../../../../../test/inbox.js';
import { AppError } from '../../../../platform/http/app-error.js';
import { SECRET_MASK } from '../../channels.presenter.js';
import { findChannelById, type ChannelRow } from '../../channels.repository.js';
import type { OutboundMessage } from '../channel-adapter.js';
import { wabaAdapter, WABA_DATA_INCORRECT } from './waba.adapter.js';

let server: TestServer;
let api: Api;
let sim: MetaCloudSimulator;
let t: InboxTenant;
let channel: ChannelRow;
let webhookPath: string;

const VERIFY_TOKEN = 'verify-me-please';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** A fresh, valid Brazilian mobile number (a new contact and ticket per test). */
const newNumber = () => `55119${randomInt(60_000_000, 99_999_999)}`;

function settingsFor(s: MetaCloudSimulator, extra: Record<string, unknown> = {}) {
  return {
    phoneNumberId: s.phoneNumberId,
    businessAccountId: s.businessAccountId,
    token: s.token,
    appSecret: s.appSecret,
    verifyToken: VERIFY_TOKEN,
    baseUrl: s.url,
    ...extra,
  };
}

async function createWaba(tenant: InboxTenant, settings: Record<string, unknown>, name = `WABA ${randomUUID().slice(0, 6)}`) {
  return api.post('/whatsapp', { name, type: 'waba', queueId: tenant.queue.id, settings }, { token: tenant.admin.token });
}

async function messageByExternalId(externalId: string) {
  const [row] = await rows(
    server.ctx,
    sql`select m.*, c.number as contact_number, c.name as contact_name, t.queue_id from messages m join contacts c on c.id = m.contact_id left join tickets t on t.id = m.ticket_id where m.external_id = ${externalId}`,
  );
  return row as Record<string, any> | undefined;
}

async function countByExternalId(externalId: string) {
  return (await rows(server.ctx, sql`select id from messages where external_id = ${externalId}`)).length;
}

/** A customer's text through the simulator's webhook; answers its ticket. */
async function conversation(from = newNumber(), text = 'Olá') {
  const delivery = await sim.sendInbound({ type: 'text', from, name: 'Cliente', text });
  expect(delivery.status).toBe(200);
  const row = await messageByExternalId(delivery.messageId);
  return { from, ticketId: Number(row!.ticket_id), wamid: delivery.messageId };
}

async function reply(ticketId: number, body: Record<string, unknown>) {
  const response = await api.post(`/messages/${ticketId}`, body, { token: t.agent.token });
  expect(response.status).toBe(201);
  return response.body as { id: string };
}

/** The message once the send job settled it (sent or failed). */
const settled = (messageId: string, timeoutMs?: number) => settledMessageRow(server.ctx, messageId, { timeoutMs });

const outbound = (number: string | null, body = 'Oi', extra: Partial<OutboundMessage> = {}): OutboundMessage => ({
  messageId: randomUUID(),
  ticketId: 0,
  contact: { id: 0, number, externalKey: null },
  body,
  ...extra,
});

beforeAll(async () => {
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  api = new Api(server.url);
  sim = await startMetaCloudSimulator({ displayPhoneNumber: '5511930000000', templates: ['order_update', 'hello_world'] });
  t = await buildInboxTenant(server);
  const created = await createWaba(t, settingsFor(sim));
  expect(created.status).toBe(201);
  channel = (await findChannelById(server.ctx.db, t.tenant.id, created.body.id))!;
  webhookPath = `/webhooks/waba/${channel.publicKey}`;
  sim.setWebhookUrl(`${server.url}${webhookPath}`);
});
afterAll(async () => {
  await sim?.settle();
  await sim?.close();
  await server?.close();
});

describe('settings and start', () => {
  it('creates a channel that checks the number with a Graph call, connects, takes the display number and masks its secrets', async () => {
    const tenant = await buildInboxTenant(server);
    const checks = sim.requests.length;
    const created = await createWaba(tenant, settingsFor(sim));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      type: 'waba',
      status: 'connected',
      number: '5511930000000',
      settings: {
        phoneNumberId: sim.phoneNumberId,
        businessAccountId: sim.businessAccountId,
        apiVersion: 'v21.0',
        baseUrl: sim.url,
        token: SECRET_MASK,
        appSecret: SECRET_MASK,
        verifyToken: SECRET_MASK,
        mediaDelivery: 'upload',
      },
    });
    const check = sim.requests.slice(checks).find((r) => r.method === 'GET');
    expect(check).toMatchObject({ path: `/v21.0/${sim.phoneNumberId}` });
    expect(check!.headers.authorization).toBe(`Bearer ${sim.token}`);
  });

  it('defaults the API version and the Graph base URL', () => {
    const parsed = wabaAdapter.settingsSchema.parse({
      phoneNumberId: '106540352242922',
      token: 'EAAG-0123456789',
      appSecret: '0123456789abcdef',
      verifyToken: 'verify-me-please',
    });
    expect(parsed).toMatchObject({ apiVersion: 'v21.0', baseUrl: 'https://graph.facebook.com', mediaDelivery: 'upload' });
  });

  it('refuses settings without the phone number id, token, app secret or verify token (400, one field each)', async () => {
    const tenant = await buildInboxTenant(server);
    const response = await createWaba(tenant, { baseUrl: sim.url, apiVersion: 'v21' });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('ERR_VALIDATION');
    expect(Object.keys(response.body.fields).sort()).toEqual(
      ['settings.apiVersion', 'settings.appSecret', 'settings.phoneNumberId', 'settings.token', 'settings.verifyToken'].sort(),
    );
  });

  it('a wrong token or phone number id leaves the channel disconnected, and starting it answers "WABA data incorrect"', async () => {
    const tenant = await buildInboxTenant(server);
    for (const settings of [settingsFor(sim, { token: 'EAAG-wrong-token-000' }), settingsFor(sim, { phoneNumberId: '999999999999' })]) {
      const created = await createWaba(tenant, settings);
      expect(created.status).toBe(201);
      expect(created.body.status).toBe('disconnected');
      const start = await api.post(`/whatsapp/${created.body.id}/start`, undefined, { token: tenant.admin.token });
      expect(start.status).toBe(400);
      expect(start.body).toMatchObject({
        error: 'ERR_VALIDATION',
        message: `${WABA_DATA_INCORRECT}.`,
        fields: { settings: [expect.any(String)] },
      });
      expect((await api.get(`/whatsapp/${created.body.id}`, { token: tenant.admin.token })).body.status).toBe('disconnected');
    }
  });

  it('an unreachable Graph API leaves the channel disconnected with ERR_WAPP_NOT_INITIALIZED', async () => {
    const tenant = await buildInboxTenant(server);
    const created = await createWaba(tenant, settingsFor(sim, { baseUrl: 'http://127.0.0.1:9' }));
    expect(created.body.status).toBe('disconnected');
    const start = await api.post(`/whatsapp/${created.body.id}/start`, undefined, { token: tenant.admin.token });
    expect(start.status).toBe(409);
    expect(start.body.error).toBe('ERR_WAPP_NOT_INITIALIZED');
  });

  it('a stopped channel refuses notifications (Meta delivers them again) until it is started', async () => {
    const tenant = await buildInboxTenant(server);
    const other = await startMetaCloudSimulator();
    try {
      const created = await createWaba(tenant, settingsFor(other));
      other.setWebhookUrl(`${server.url}/webhooks/waba/${created.body.publicKey}`);
      expect((await api.post(`/whatsapp/${created.body.id}/stop`, undefined, { token: tenant.admin.token })).body.status).toBe(
        'disconnected',
      );
      const refused = await other.sendInbound({ type: 'text', from: newNumber(), text: 'oi' });
      expect(refused.status).toBe(409);
      expect(JSON.parse(refused.responseBody).error).toBe('ERR_WAPP_NOT_INITIALIZED');
      expect(await countByExternalId(refused.messageId)).toBe(0);
      expect((await api.post(`/whatsapp/${created.body.id}/start`, undefined, { token: tenant.admin.token })).body.status).toBe(
        'connected',
      );
      const again = await other.postWebhook(refused.payload);
      expect(again.status).toBe(200);
      expect(await countByExternalId(refused.messageId)).toBe(1);
    } finally {
      await other.close();
    }
  });
});

describe('webhook verification (GET)', () => {
  it('echoes hub.challenge as text for the right verify token', async () => {
    const response = await fetch(
      `${server.url}${webhookPath}?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe('1158201444');
    expect(await sim.verifyWebhook(VERIFY_TOKEN, '42')).toEqual({ status: 200, body: '42' });
  });

  it('answers 403 ERR_NO_PERMISSION for a wrong or missing token or mode, and 404 for an unknown channel', async () => {
    for (const query of [
      `hub.mode=subscribe&hub.verify_token=wrong-token&hub.challenge=1`,
      `hub.mode=subscribe&hub.challenge=1`,
      `hub.mode=unsubscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`,
    ]) {
      const response = await api.get(`${webhookPath}?${query}`);
      expect(response.status, query).toBe(403);
      expect(response.body).toMatchObject({ error: 'ERR_NO_PERMISSION', message: expect.stringMatching(/verify_token/) });
    }
    const unknown = await api.get(`/webhooks/waba/${'x'.repeat(32)}?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('ERR_NO_WAPP_FOUND');
  });
});

describe('webhook signature (POST)', () => {
  it('refuses a notification that is unsigned, signed with another secret or altered, storing nothing', async () => {
    const from = newNumber();
    const genuine = await sim.sendInbound({ type: 'text', from, text: 'assinado' });
    expect(genuine.status).toBe(200);

    const payload = metaCloudFixture<any>('webhook-text');
    payload.entry[0].changes[0].value.metadata.phone_number_id = sim.phoneNumberId;
    const wamid = `wamid.forged-${randomUUID()}`;
    payload.entry[0].changes[0].value.messages[0].id = wamid;
    const raw = JSON.stringify(payload);
    const attempts = [
      { signature: false as const },
      { appSecret: 'not-the-app-secret' },
      { signature: signMetaWebhook(raw.replace('color', 'colour'), sim.appSecret) },
      { signature: 'sha1=0000' },
    ];
    for (const attempt of attempts) {
      const delivery = await sim.postWebhook(payload, attempt);
      expect(delivery.status).toBe(403);
      expect(JSON.parse(delivery.responseBody)).toMatchObject({
        error: 'ERR_NO_PERMISSION',
        message: expect.stringMatching(/X-Hub-Signature-256/),
      });
    }
    expect(await countByExternalId(wamid)).toBe(0);
  });

  it('checks the signature on the raw bytes, whatever their spacing', async () => {
    const payload = metaCloudFixture<any>('webhook-text');
    payload.entry[0].changes[0].value.metadata.phone_number_id = sim.phoneNumberId;
    payload.entry[0].changes[0].value.messages[0].id = `wamid.raw-${randomUUID()}`;
    payload.entry[0].changes[0].value.messages[0].from = newNumber();
    const raw = JSON.stringify(payload, null, 3);
    const response = await fetch(`${server.url}${webhookPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signMetaWebhook(raw, sim.appSecret) },
      body: raw,
    });
    expect(response.status).toBe(200);
    expect(await countByExternalId(payload.entry[0].changes[0].value.messages[0].id)).toBe(1);
  });
});

describe('inbound messages', () => {
  it('stores a text with the contact keyed by wa_id and named by the profile, in a new ticket of the channel queue; a redelivery is a no-op', async () => {
    const from = newNumber();
    const delivery = await sim.sendInbound({ type: 'text', from, name: 'Maria Souza', text: 'Quero saber do pedido' });
    expect(delivery.status).toBe(200);
    expect(JSON.parse(delivery.responseBody)).toMatchObject({ stored: 1, duplicates: 0 });
    const row = await messageByExternalId(delivery.messageId);
    expect(row).toMatchObject({
      body: 'Quero saber do pedido',
      from_me: false,
      status: 'received',
      contact_number: from,
      contact_name: 'Maria Souza',
      queue_id: t.queue.id,
    });

    const again = await sim.postWebhook(delivery.payload);
    expect(again.status).toBe(200);
    expect(JSON.parse(again.responseBody)).toMatchObject({ stored: 0, duplicates: 1 });
    expect(await countByExternalId(delivery.messageId)).toBe(1);
  });

  it.each([
    ['image', 'image/png', PNG, { caption: 'Olha a foto' }, 'Olha a foto', /^image-.*\.png$/],
    ['audio', 'audio/ogg', Buffer.from('OggS\0\x02voice-note'), {}, '', /^audio-.*\.ogg$/],
    ['video', 'video/mp4', Buffer.from('\0\0\0\x18ftypmp42video'), { caption: 'vídeo' }, 'vídeo', /^video-.*\.mp4$/],
    [
      'document',
      'application/pdf',
      Buffer.from('%PDF-1.4 nota fiscal'),
      { caption: 'Segue a nota', filename: 'nota-123.pdf' },
      'Segue a nota',
      /^nota-123\.pdf$/,
    ],
    ['sticker', 'image/webp', Buffer.from('RIFF\0\0\0\0WEBPVP8 '), {}, '', /^sticker-.*\.webp$/],
  ] as const)('downloads %s media through the media endpoint and stores it', async (type, mime, content, extra, body, name) => {
    const before = sim.requests.length;
    const delivery = await sim.sendInbound({
      type,
      from: newNumber(),
      content,
      mime: type === 'audio' ? 'audio/ogg; codecs=opus' : mime,
      ...extra,
    });
    expect(delivery.status).toBe(200);
    const row = await messageByExternalId(delivery.messageId);
    expect(row).toMatchObject({ media_type: type, media_mime: mime, media_size: content.length, body });
    expect(row!.media_name).toMatch(name);
    expect(await server.ctx.media.read(row!.media_key)).toEqual(content);
    // GET /{media-id} then GET its URL, both with the bearer token.
    const calls = sim.requests.slice(before).filter((r) => r.method === 'GET');
    expect(calls.map((r) => r.path)).toEqual([expect.stringMatching(/^\/v21\.0\/\d+$/), '/whatsapp_business/attachments/']);
    expect(calls.every((r) => r.headers.authorization === `Bearer ${sim.token}`)).toBe(true);
  });

  it('stores location, contacts, button and list replies, and reactions as readable text; skips a removed reaction', async () => {
    const from = newNumber();
    const cases = [
      [
        { type: 'location', from, latitude: -23.561, longitude: -46.656, name: 'Loja Paulista', address: 'Av. Paulista, 1000' },
        '📍 Loja Paulista\nAv. Paulista, 1000\nhttps://maps.google.com/maps?q=-23.561,-46.656',
      ],
      [
        { type: 'contacts', from, contacts: [{ name: 'Bia Souza', phone: '+55 11 91234-5678', waId: '5511912345678' }] },
        '👤 Bia Souza: +55 11 91234-5678',
      ],
      [{ type: 'interactive', from, reply: { kind: 'button_reply', id: 'yes', title: 'Sim, confirmo' } }, 'Sim, confirmo'],
      [
        { type: 'interactive', from, reply: { kind: 'list_reply', id: 'express', title: 'Entrega expressa', description: '1 dia' } },
        'Entrega expressa',
      ],
      [{ type: 'button', from, text: 'Parar promoções', payload: 'STOP' }, 'Parar promoções'],
      [{ type: 'reaction', from, messageId: 'wamid.some-reply', emoji: '👍' }, '👍 (reaction)'],
    ] as const;
    for (const [input, body] of cases) {
      const delivery = await sim.sendInbound(input as any);
      expect(delivery.status).toBe(200);
      expect((await messageByExternalId(delivery.messageId))?.body, input.type).toBe(body);
    }
    const removed = await sim.sendInbound({ type: 'reaction', from, messageId: 'wamid.some-reply', emoji: '' });
    expect(JSON.parse(removed.responseBody)).toMatchObject({ stored: 0, skipped: [{ id: removed.messageId, reason: 'reaction removed' }] });
    expect(await countByExternalId(removed.messageId)).toBe(0);
  });

  it('accepts every inbound sample of Meta’s documentation (fixtures), media included', async () => {
    const names = metaCloudFixtureNames().filter((n) => n.startsWith('webhook-') && !n.startsWith('webhook-status'));
    expect(names.length).toBeGreaterThanOrEqual(12);
    for (const name of names) {
      const payload = metaCloudFixture<any>(name);
      const value = payload.entry[0].changes[0].value;
      value.metadata.phone_number_id = sim.phoneNumberId;
      const message = value.messages[0];
      message.id = `${message.id}-${randomUUID()}`;
      const media = message[message.type];
      if (media?.id && media.sha256) sim.storeMedia(Buffer.from(`bytes of ${name}`), media.mime_type, media.filename, media.id);
      const delivery = await sim.postWebhook(payload);
      expect(delivery.status, name).toBe(200);
      const row = await messageByExternalId(message.id);
      expect(row, name).toBeDefined();
      expect(row!.contact_number).toBe('16505551234');
      expect(row!.contact_name).toBe('Sheena Nelson');
      if (media?.sha256) expect(await server.ctx.media.read(row!.media_key), name).toEqual(Buffer.from(`bytes of ${name}`));
    }
  });

  it("routes a change for another number of the same Meta app to the tenant's channel of that number; skips unknown numbers", async () => {
    const second = await startMetaCloudSimulator({ appSecret: sim.appSecret, token: sim.token, phoneNumberId: '333444555666777' });
    try {
      const created = await createWaba(t, settingsFor(second));
      expect(created.body.status).toBe('connected');
      // The app's one webhook URL is the first channel's: the simulator of the second number posts there.
      second.setWebhookUrl(`${server.url}${webhookPath}`);
      const delivery = await second.sendInbound({ type: 'text', from: newNumber(), text: 'pelo segundo número' });
      expect(delivery.status).toBe(200);
      const [row] = await rows(server.ctx, sql`select channel_id from messages where external_id = ${delivery.messageId}`);
      expect(row.channel_id).toBe(created.body.id);

      const stranger = await startMetaCloudSimulator({ appSecret: sim.appSecret, phoneNumberId: '888777666555444' });
      stranger.setWebhookUrl(`${server.url}${webhookPath}`);
      const skipped = await stranger.sendInbound({ type: 'text', from: newNumber(), text: 'número desconhecido' });
      await stranger.close();
      expect(skipped.status).toBe(200);
      expect(JSON.parse(skipped.responseBody)).toMatchObject({
        stored: 0,
        skipped: [{ id: '888777666555444', reason: expect.any(String) }],
      });
      expect(await countByExternalId(skipped.messageId)).toBe(0);
    } finally {
      await second.close();
    }
  });

  it('a media file that is gone is stored as a note; a transient download failure answers 503 so Meta delivers again', async () => {
    const payload = metaCloudFixture<any>('webhook-image');
    const value = payload.entry[0].changes[0].value;
    value.metadata.phone_number_id = sim.phoneNumberId;
    value.messages[0].id = `wamid.gone-${randomUUID()}`;
    value.messages[0].image.id = '123456789000000'; // unknown to the simulator
    expect((await sim.postWebhook(payload)).status).toBe(200);
    const gone = await messageByExternalId(value.messages[0].id);
    expect(gone).toMatchObject({ media_key: null });
    expect(gone!.body).toMatch(/^This is how it looks on me\n\[image could not be downloaded: /);

    sim.fail({ path: /attachments/, status: 500, body: 'oops' });
    const delivery = await sim.sendInbound({ type: 'image', from: newNumber(), content: PNG, mime: 'image/png' });
    expect(delivery.status).toBe(503);
    expect(JSON.parse(delivery.responseBody).error).toBe('ERR_WAPP_DOWNLOAD_MEDIA');
    expect(await countByExternalId(delivery.messageId)).toBe(0);
    const redelivery = await sim.postWebhook(delivery.payload);
    expect(redelivery.status).toBe(200);
    expect((await messageByExternalId(delivery.messageId))?.media_size).toBe(PNG.length);
  });
});

describe('statuses', () => {
  it('sent → delivered → read move the ack forward; a late delivered is ignored', async () => {
    const { ticketId } = await conversation();
    const { id } = await reply(ticketId, { body: 'Seu pedido saiu' });
    const sent = await settled(id);
    expect(sent).toMatchObject({ status: 'sent', ack: 1 });
    const wamid = sent.external_id as string;
    expect(wamid).toMatch(/^wamid\./);
    for (const [status, ack] of [
      ['delivered', 2],
      ['read', 3],
      ['delivered', 3],
    ] as const) {
      expect((await sim.sendStatus(wamid, status)).status).toBe(200);
      const [row] = await rows(server.ctx, sql`select status, ack from messages where id = ${id}`);
      expect(row).toMatchObject({ status: ack === 3 ? 'read' : status, ack });
    }
  });

  it('a failed status (131026) marks the message failed as not a WhatsApp number', async () => {
    const { ticketId } = await conversation();
    const { id } = await reply(ticketId, { body: 'Alô?' });
    const sent = await settled(id);
    await sim.sendStatus(sent.external_id, 'failed');
    const [row] = await rows(server.ctx, sql`select status, error from messages where id = ${id}`);
    expect(row).toMatchObject({ status: 'failed', error: 'ERR_WAPP_INVALID_CONTACT' });
  });

  it('the simulator’s automatic delivered and read statuses reach the message', async () => {
    sim.setAutoStatuses({ delayMs: 50 });
    try {
      const { ticketId } = await conversation();
      const { id } = await reply(ticketId, { body: 'Tudo certo!' });
      const read = await eventually(
        async () => {
          const [row] = await rows(server.ctx, sql`select status, ack from messages where id = ${id}`);
          return row?.ack === 3 ? row : undefined;
        },
        { timeoutMs: 10_000, intervalMs: 50 },
      );
      expect(read).toMatchObject({ status: 'read', ack: 3 });
    } finally {
      sim.setAutoStatuses(false);
      await sim.settle();
    }
  });
});

describe('sending', () => {
  it('sends a text as the Cloud API documents it and stores the wamid', async () => {
    const { from, ticketId } = await conversation();
    const { id } = await reply(ticketId, { body: 'Olá! Como posso ajudar? https://example.com' });
    const row = await settled(id);
    expect(row).toMatchObject({ status: 'sent', ack: 1 });
    const request = sim.requests.find(
      (r) => r.method === 'POST' && r.path === `/v21.0/${sim.phoneNumberId}/messages` && (r.body as any).to === from,
    );
    expect(request!.headers.authorization).toBe(`Bearer ${sim.token}`);
    expect(request!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: from,
      type: 'text',
      text: { preview_url: false, body: 'Olá! Como posso ajudar? https://example.com' },
      // Returned by every status webhook of the message: what confirms a send whose answer was lost.
      biz_opaque_callback_data: id,
    });
    expect(sim.sent.find((m) => m.to === from)?.id).toBe(row.external_id);
  });

  it('a quoted reply carries context.message_id', async () => {
    const { from, ticketId } = await conversation();
    const [quoted] = await rows(server.ctx, sql`select id, external_id from messages where ticket_id = ${ticketId}`);
    const { id } = await reply(ticketId, { body: 'Sobre isso:', quotedMsgId: quoted.id });
    await settled(id);
    expect(sim.sent.find((m) => m.to === from)?.payload).toMatchObject({ context: { message_id: quoted.external_id }, type: 'text' });
  });

  it('uploads a file to the media endpoint and sends it by id, with the text as caption', async () => {
    const { from, ticketId } = await conversation();
    const form = new FormData();
    form.append('body', 'Segue o comprovante');
    form.append('medias', new Blob([PNG], { type: 'image/png' }), 'comprovante.png');
    const response = await fetch(`${server.url}/messages/${ticketId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.agent.token}` },
      body: form,
    });
    expect(response.status).toBe(201);
    const row = await settled(((await response.json()) as { id: string }).id);
    expect(row).toMatchObject({ status: 'sent' });
    const send = sim.sent.find((m) => m.to === from)!;
    expect(send.payload).toMatchObject({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      type: 'image',
      image: { id: expect.any(String), caption: 'Segue o comprovante' },
    });
    const uploaded = sim.media.get((send.payload.image as { id: string }).id)!;
    expect(uploaded.content).toEqual(PNG);
    expect(uploaded.mime).toBe('image/png');
  });

  it('sends other files as documents with their file name, and audio without a caption', async () => {
    const channelRow = (await findChannelById(server.ctx.db, t.tenant.id, channel.id))!;
    const to = newNumber();
    const pdf = await server.ctx.media.save(t.tenant.id, Buffer.from('%PDF-1.4 boleto'));
    await wabaAdapter.send(
      server.ctx,
      channelRow,
      outbound(to, 'Boleto de março', { media: { key: pdf, name: 'boleto.pdf', mime: 'application/pdf', type: 'document' } }),
    );
    expect(sim.sent.at(-1)!.payload).toMatchObject({
      type: 'document',
      document: { id: expect.any(String), caption: 'Boleto de março', filename: 'boleto.pdf' },
    });
    const ogg = await server.ctx.media.save(t.tenant.id, Buffer.from('OggS voice'));
    await wabaAdapter.send(
      server.ctx,
      channelRow,
      outbound(to, 'ouça', { media: { key: ogg, name: 'nota.ogg', mime: 'audio/ogg', type: 'audio' } }),
    );
    const [audio, text] = sim.sent.slice(-2);
    expect(audio.payload).toMatchObject({ type: 'audio', audio: { id: expect.any(String) } });
    expect((audio.payload.audio as Record<string, unknown>).caption).toBeUndefined();
    expect(text.payload).toMatchObject({ type: 'text', text: { body: 'ouça' } });
  });

  it("with mediaDelivery 'link', sends a signed link to the file on this server", async () => {
    const linkSim = await startMetaCloudSimulator({ phoneNumberId: '222333444555666' });
    try {
      const tenant = await buildInboxTenant(server);
      const created = await createWaba(tenant, settingsFor(linkSim, { mediaDelivery: 'link' }));
      const row = (await findChannelById(server.ctx.db, tenant.tenant.id, created.body.id))!;
      const key = await server.ctx.media.save(tenant.tenant.id, PNG);
      await wabaAdapter.send(
        server.ctx,
        row,
        outbound(newNumber(), '', { media: { key, name: 'a.png', mime: 'image/png', type: 'image' } }),
      );
      const link = (linkSim.sent[0].payload.image as { link: string }).link;
      expect(link.startsWith(`${server.url}/media/${tenant.tenant.id}/`)).toBe(true);
      expect(Buffer.from(await (await fetch(link)).arrayBuffer())).toEqual(PNG);
      expect(linkSim.requests.some((r) => r.path.endsWith('/media'))).toBe(false);
    } finally {
      await linkSim.close();
    }
  });

  it('refuses a number without its country code, or no number, with ERR_WAPP_INVALID_CONTACT and calls nothing', async () => {
    const before = sim.requests.length;
    for (const number of ['11987654321', '011987654321', '+55 (11) 98765-4321', null, '5511']) {
      const error = await wabaAdapter.send(server.ctx, channel, outbound(number)).catch((e: unknown) => e);
      expect(error, String(number)).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('ERR_WAPP_INVALID_CONTACT');
    }
    expect(sim.requests.length).toBe(before);
    // A '+' in front of a complete number is accepted and dropped.
    await wabaAdapter.send(server.ctx, channel, outbound(`+${newNumber()}`));
  });

  it('a reply to a contact without country code fails at once as ERR_WAPP_INVALID_CONTACT', async () => {
    const { ticketId } = await conversation();
    const [ticket] = await rows(server.ctx, sql`select contact_id from tickets where id = ${ticketId}`);
    await server.ctx.db.execute(
      sql`update contacts set number = ${`0${randomInt(10_000_000, 99_999_999)}`} where id = ${ticket.contact_id}`,
    );
    const { id } = await reply(ticketId, { body: 'oi' });
    expect(await settled(id)).toMatchObject({ status: 'failed', error: 'ERR_WAPP_INVALID_CONTACT' });
  });
});

describe('Graph errors', () => {
  const failure = async (inject: () => void) => {
    inject();
    return wabaAdapter.send(server.ctx, channel, outbound(newNumber())).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
  };

  it('throughput (130429), pair rate (131056), HTTP 429 and 5xx are retryable: a plain Error', async () => {
    for (const inject of [
      () => sim.injectError(130429),
      () => sim.injectError(131056),
      () => sim.fail({ path: /\/messages$/, status: 429, body: { error: { message: 'Too many', code: 99999 } } }),
      () => sim.injectError(131000),
    ]) {
      const error = await failure(inject);
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(AppError);
      expect(error!.message).toMatch(/retrying later/);
    }
  });

  it('auth (190) and parameter (100, 131009) errors are a permanent ERR_SENDING_WAPP_MSG with the reason', async () => {
    const auth = await failure(() => sim.injectError(190));
    expect(auth).toMatchObject({ code: 'ERR_SENDING_WAPP_MSG', message: expect.stringMatching(/access token/) });
    for (const code of [100, 131009]) {
      const error = await failure(() => sim.injectError(code));
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({
        code: 'ERR_SENDING_WAPP_MSG',
        message: expect.stringMatching(new RegExp(`parameter.*\\[Graph error ${code}\\]`)),
      });
    }
    const window = await failure(() => sim.injectError(131047));
    expect(window).toMatchObject({ code: 'ERR_SENDING_WAPP_MSG', message: expect.stringMatching(/24 hours.*template/) });
  });

  it('an invalid recipient (131026) is ERR_WAPP_INVALID_CONTACT', async () => {
    const error = await failure(() => sim.injectError(131026));
    expect(error).toMatchObject({ code: 'ERR_WAPP_INVALID_CONTACT' });
  });

  it('through the send job: a throughput error is retried with backoff until sent; an auth error fails at once', async () => {
    const { ticketId, from } = await conversation();
    sim.injectError(130429);
    const retried = await reply(ticketId, { body: 'vai na segunda' });
    const row = await settled(retried.id, 40_000);
    expect(row).toMatchObject({ status: 'sent' });
    const attempts = sim.requests.filter((r) => r.path.endsWith('/messages') && (r.body as any)?.to === from);
    expect(attempts.length).toBe(2);

    sim.injectError(190);
    const refused = await reply(ticketId, { body: 'não vai' });
    expect(await settled(refused.id)).toMatchObject({ status: 'failed', error: 'ERR_SENDING_WAPP_MSG' });
    expect(sim.requests.filter((r) => r.path.endsWith('/messages') && (r.body as any)?.to === from).length).toBe(3);
  }, 60_000);
});

describe('throttle', () => {
  it('spaces the sends of one phone number to 80 a second', async () => {
    const started = Date.now();
    await Promise.all(Array.from({ length: 9 }, () => wabaAdapter.send(server.ctx, channel, outbound(newNumber()))));
    // 9 sends at 80/s: the 9th waits for 8 intervals of 12.5 ms.
    expect(Date.now() - started).toBeGreaterThanOrEqual(95);
  });

  it('keeps the spacing when the send claims (a database round trip each) come back bunched', async () => {
    const numbers = Array.from({ length: 9 }, () => newNumber());
    // Every claim answers at the same moment, once the ninth has been asked for, whatever its throttle slot.
    let releaseClaims!: () => void;
    const claimsAnswered = new Promise<void>((resolve) => (releaseClaims = resolve));
    let claims = 0;
    const claimSend = () => {
      if (++claims === numbers.length) releaseClaims();
      return claimsAnswered;
    };
    // When each request leaves for the Cloud API.
    const http = server.ctx.http;
    const at: number[] = [];
    server.ctx.http = (url, init) => {
      if (typeof init?.body === 'string' && numbers.some((number) => (init.body as string).includes(number))) at.push(Date.now());
      return http(url, init);
    };
    try {
      await Promise.all(numbers.map((number) => wabaAdapter.send(server.ctx, channel, outbound(number, 'Oi', { claimSend }))));
    } finally {
      server.ctx.http = http;
    }
    expect(at).toHaveLength(9);
    expect(Math.max(...at) - Math.min(...at)).toBeGreaterThanOrEqual(90);
  });
});
