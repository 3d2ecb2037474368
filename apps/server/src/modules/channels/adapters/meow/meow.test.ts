/**
 * The `meow` channel (WuzAPI) against the WuzAPI simulator (@conversa/simulators): connect with the
 * QR code, inbound text and media to a ticket, replies with the documented payloads, read
 * receipts, idempotent webhooks, refused secrets, and retries of 429 / 5xx answers; messages typed
 * on the phone; with the history options, group tickets and the HistorySync import.
 */
import { startWuzapiSimulator, type WuzapiSimulator } from '@conversa/simulators';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../../../test/api.js';
import type { TestServer } from '../../../../../test/harness.js';
import { startProviderTestEnv, stopProviderTestEnv } from '../../../../../test/provider-env.js';
import { buildQueue, count, eventually, rows, type AgentSocket, type InboxTenant, settledMessageRow } from '../../../../../test/inbox.js';
import { AppError } from '../../../../platform/http/app-error.js';
import { meowFailure, MeowUnavailableError } from './meow.client.js';

/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const CUSTOMER = '5491155553934';

let server: TestServer;
let api: Api;
let sim: WuzapiSimulator;
let t: InboxTenant;
let watcher: AgentSocket;
let channel: { id: number; publicKey: string };
let webhookPath: string;

beforeAll(async () => {
  ({ server, api, sim, t, watcher } = await startProviderTestEnv(startWuzapiSimulator));
}, 60_000);
afterAll(() => stopProviderTestEnv({ server, sim }));

const messagesOf = (externalId: string) =>
  rows(server.ctx, sql`select * from messages where channel_id = ${channel.id} and external_id = ${externalId}`);
const storedCount = () => count(server.ctx, sql`select count(*) from messages where tenant_id = ${t.tenant.id}`);
const sessionPush = (status: string, extra: (session: any) => boolean = () => true) =>
  watcher.waitFor('whatsappSession', (p) => p.session?.id === channel.id && p.session.status === status && extra(p.session), 10_000);
const channelNow = async () => (await api.get(`/whatsapp/${channel.id}`, { token: t.admin.token })).body;

async function ticketOfCustomer(): Promise<number> {
  const [row] = await rows(
    server.ctx,
    sql`select t.id from tickets t join contacts c on c.id = t.contact_id where t.channel_id = ${channel.id} and c.number = ${CUSTOMER} order by t.id desc limit 1`,
  );
  return Number(row.id);
}

async function reply(body: string): Promise<string> {
  const response = await api.post(`/messages/${await ticketOfCustomer()}`, { body }, { token: t.agent.token });
  expect(response.status).toBe(201);
  return response.body.id as string;
}

const sentRow = (messageId: string, timeoutMs?: number) => settledMessageRow(server.ctx, messageId, { timeoutMs });

const lastRequest = (path: string) => sim.requests.filter((r) => r.path === path).at(-1)!;

describe('meow (WuzAPI) channel', () => {
  it('connects: sets the webhook, connects with the subscriptions, shows the QR code, and is connected once scanned', async () => {
    const created = await api.post(
      '/whatsapp',
      { name: 'WuzAPI', type: 'meow', queueId: t.queue.id, settings: { baseUrl: `${sim.url}/`, token: sim.user.token } },
      { token: t.admin.token },
    );
    expect(created.status).toBe(201);
    channel = { id: created.body.id, publicKey: created.body.publicKey };
    expect(created.body).toMatchObject({ status: 'qrcode', settings: { token: '••••••', webhookSecret: '••••••' } });
    expect(created.body.qrcode).toMatch(/^data:image\/png;base64,/);

    const webhook = lastRequest('/webhook');
    expect(webhook.headers.token).toBe(sim.user.token);
    const url = (webhook.body as any).webhookURL as string;
    expect(url).toMatch(new RegExp(`^${server.url}/webhooks/meow/${channel.publicKey}/[A-Za-z0-9_-]{24,}$`));
    webhookPath = new URL(url).pathname;
    expect(lastRequest('/session/connect').body).toEqual({
      Subscribe: ['Message', 'ReadReceipt', 'Connected', 'QR', 'QRTimeout', 'LoggedOut'],
      Immediate: true,
    });
    expect(sim.requests.some((r) => r.path === '/session/qr')).toBe(true);

    await sessionPush('qrcode', (s) => typeof s.qrcode === 'string' && s.qrcode.startsWith('data:image/png;base64,'));
    const scanned = await sim.scanQr();
    expect(scanned?.status).toBe(200);
    await sessionPush('connected', (s) => s.qrcode === null);
    expect(await channelNow()).toMatchObject({ status: 'connected', qrcode: null });
  });

  it('follows the session: logged out from the phone → disconnected; started again → QR → connected', async () => {
    await sim.logoutFromPhone();
    await sessionPush('disconnected');
    const started = await api.post(`/whatsapp/${channel.id}/start`, undefined, { token: t.admin.token });
    expect(started.status).toBe(200);
    expect(started.body.status).toBe('qrcode');
    expect((await sim.rotateQr())?.status).toBe(200);
    await sim.scanQr();
    await eventually(async () => (await channelNow()).status === 'connected');
    expect((await channelNow()).status).toBe('connected');
  });

  it('stores an inbound text (form-encoded webhook) on a ticket, and a retried webhook stores nothing twice', async () => {
    const delivery = await sim.sendInbound({ from: CUSTOMER, pushName: 'Ana Cliente', text: 'Oi, tudo bem?' });
    expect(delivery.status).toBe(200);
    expect(delivery.body).toEqual({ received: true, outcome: 'stored' });
    const [message] = await messagesOf(delivery.id);
    expect(message).toMatchObject({ body: 'Oi, tudo bem?', from_me: false });
    const [contact] = await rows(server.ctx, sql`select * from contacts where id = ${message.contact_id}`);
    expect(contact).toMatchObject({ number: CUSTOMER, name: 'Ana Cliente' });
    const [ticket] = await rows(server.ctx, sql`select * from tickets where id = ${message.ticket_id}`);
    expect(ticket).toMatchObject({ queue_id: t.queue.id, channel_id: channel.id });

    const before = await storedCount();
    const again = await sim.post(delivery.event);
    expect(again.body).toEqual({ received: true, outcome: 'duplicate' });
    expect(await storedCount()).toBe(before);

    // The same through WEBHOOK_FORMAT=json.
    sim.format = 'json';
    try {
      const json = await sim.sendInbound({ from: CUSTOMER, text: 'em JSON', quotedId: delivery.id });
      expect(json.body).toEqual({ received: true, outcome: 'stored' });
      expect((await messagesOf(json.id))[0]).toMatchObject({ body: 'em JSON', ticket_id: message.ticket_id });
    } finally {
      sim.format = 'form';
    }
  });

  it('stores inbound images, from the webhook base64 or downloaded from WuzAPI', async () => {
    const inline = await sim.sendInbound({ from: CUSTOMER, image: { content: PNG, mimetype: 'image/png', caption: 'foto' } });
    expect(inline.body).toEqual({ received: true, outcome: 'stored' });
    const [first] = await messagesOf(inline.id);
    expect(first).toMatchObject({ body: 'foto', media_type: 'image', media_mime: 'image/png', media_size: PNG.length });
    expect(await server.ctx.media.read(first.media_key as string)).toEqual(PNG);

    const fetched = await sim.sendInbound({ from: CUSTOMER, image: { content: PNG, mimetype: 'image/png' }, omitBase64: true });
    expect(fetched.body).toEqual({ received: true, outcome: 'stored' });
    const download = lastRequest('/chat/downloadimage');
    expect(download.headers.token).toBe(sim.user.token);
    const sentImage = (fetched.event.event as any).Message.imageMessage;
    expect(download.body).toMatchObject({
      Url: sentImage.URL,
      MediaKey: sentImage.mediaKey,
      Mimetype: 'image/png',
      FileSHA256: sentImage.fileSHA256,
      FileLength: PNG.length,
    });
    expect(await server.ctx.media.read((await messagesOf(fetched.id))[0].media_key as string)).toEqual(PNG);
  });

  it("stores a message typed on the phone as the channel's own, and skips groups without importGroups", async () => {
    const ticketId = await ticketOfCustomer();
    const [before] = await rows(server.ctx, sql`select unread_messages from tickets where id = ${ticketId}`);
    expect(Number(before.unread_messages)).toBeGreaterThan(0);
    const own = await sim.sendInbound({ from: CUSTOMER, pushName: 'Loja do Centro', text: 'typed on the phone', fromMe: true });
    expect(own.body).toEqual({ received: true, outcome: 'stored' });
    const [message] = await messagesOf(own.id);
    // Ours, already sent, on the customer's open ticket; it answers the ticket instead of counting as unread.
    expect(message).toMatchObject({
      body: 'typed on the phone',
      from_me: true,
      status: 'sent',
      ack: 1,
      user_id: null,
      ticket_id: ticketId,
      sender_name: null,
    });
    const [after] = await rows(server.ctx, sql`select unread_messages, answered, last_message from tickets where id = ${ticketId}`);
    expect(after).toMatchObject({ unread_messages: 0, answered: true, last_message: 'typed on the phone' });

    // The phone writing first to someone new: the contact is named after the number, not the account's own push name.
    const first = await sim.sendInbound({ from: '5491155551111', pushName: 'Loja do Centro', text: 'olá, aqui é a loja', fromMe: true });
    expect(first.body).toEqual({ received: true, outcome: 'stored' });
    const [contact] = await rows(
      server.ctx,
      sql`select c.name, c.number from contacts c join messages m on m.contact_id = c.id where m.external_id = ${first.id}`,
    );
    expect(contact).toEqual({ name: '5491155551111', number: '5491155551111' });

    const stored = await storedCount();
    const group = await sim.sendInbound({ from: CUSTOMER, text: 'in a group', groupJid: '120362023605733675@g.us' });
    expect(group.body).toEqual({ received: true, outcome: 'skipped' });
    expect(await storedCount()).toBe(stored);
    // Nothing asked of WuzAPI for a group the channel does not take.
    expect(sim.requests.some((r) => r.path.startsWith('/group/'))).toBe(false);
  });

  it('a channel without importOldMessages neither subscribes to HistorySync nor stores one', async () => {
    const history = [{ from: '5491155552222', pushName: 'Nadie', text: 'antigo', timestamp: Math.floor(Date.now() / 1000) - 86_400 }];
    expect(await sim.sendHistory(history)).toBeUndefined();
    const before = await storedCount();
    const forced = await sim.post({
      type: 'HistorySync',
      event: {
        Data: {
          syncType: 0,
          conversations: [
            {
              ID: '5491155552222@s.whatsapp.net',
              messages: [
                {
                  message: {
                    key: { remoteJID: '5491155552222@s.whatsapp.net', fromMe: false, ID: 'HISTOFF1' },
                    message: { conversation: 'antigo' },
                    messageTimestamp: 1759316400,
                  },
                },
              ],
            },
          ],
        },
      },
    });
    expect(forced.status).toBe(200);
    expect(forced.body).toEqual({ received: true, outcome: 'ignored' });
    expect(await storedCount()).toBe(before);
  });

  it('sends a reply with the documented payload, and read receipts update its ack', async () => {
    const messageId = await reply('Tudo ótimo!');
    const row = await sentRow(messageId);
    expect(row).toMatchObject({ status: 'sent', ack: 1 });
    const request = lastRequest('/chat/send/text');
    expect(request.headers.token).toBe(sim.user.token);
    const id = messageId.replace(/-/g, '').toUpperCase();
    expect(request.body).toEqual({ Phone: CUSTOMER, Body: 'Tudo ótimo!', Id: id });
    expect(row.external_id).toBe(id);

    expect((await sim.sendReceipt([id], 'Delivered', CUSTOMER)).body).toEqual({ received: true, outcome: 'status' });
    expect((await messagesOf(id))[0]).toMatchObject({ status: 'delivered', ack: 2 });
    await sim.sendReceipt([id], 'Read', CUSTOMER);
    expect((await messagesOf(id))[0]).toMatchObject({ status: 'read', ack: 3 });
    await sim.sendReceipt([id], 'Delivered', CUSTOMER);
    expect((await messagesOf(id))[0]).toMatchObject({ status: 'read', ack: 3 });
    await watcher.waitFor('appMessage', (p) => p.message?.id === messageId && p.message.ack === 3);
  });

  it('deletes a sent message for everyone with the documented payload; edits are not offered', async () => {
    const messageId = await reply('apagar isto');
    const row = await sentRow(messageId);
    const deleted = await api.request('DELETE', '/messages', { token: t.agent.token, body: { id: messageId } });
    expect(deleted.status).toBe(200);
    expect(deleted.body.deleted).toBe(true);
    expect(lastRequest('/chat/delete').body).toEqual({ Phone: CUSTOMER, Id: row.external_id });
    expect(sim.user.deleted.has(row.external_id as string)).toBe(true);

    const other = await reply('editar isto');
    await sentRow(other);
    const edit = await api.request('PATCH', `/messages/${other}`, { token: t.agent.token, body: { body: 'editado' } });
    expect([edit.status, edit.body.error]).toEqual([400, 'ERR_VALIDATION']);
  });

  it('sends quoted replies and media with the documented payloads', async () => {
    const [customerMessage] = await rows(
      server.ctx,
      sql`select * from messages where channel_id = ${channel.id} and from_me = false and media_key is null order by created_at desc limit 1`,
    );
    const ticketId = await ticketOfCustomer();
    const quoted = await api.post(
      `/messages/${ticketId}`,
      { body: 'Sobre isso:', quotedMsgId: customerMessage.id },
      { token: t.agent.token },
    );
    expect(await sentRow(quoted.body.id)).toMatchObject({ status: 'sent' });
    expect(lastRequest('/chat/send/text').body).toMatchObject({
      Phone: CUSTOMER,
      Body: 'Sobre isso:',
      ContextInfo: { StanzaId: customerMessage.external_id, Participant: `${CUSTOMER}@s.whatsapp.net` },
    });

    const form = new FormData();
    form.append('body', 'o comprovante');
    form.append('medias', new Blob([PNG], { type: 'image/png' }), 'comprovante.png');
    const uploaded = await fetch(`${server.url}/messages/${ticketId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.agent.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const media = (await uploaded.json()) as { id: string };
    expect(await sentRow(media.id)).toMatchObject({ status: 'sent' });
    expect(lastRequest('/chat/send/image').body).toEqual({
      Phone: CUSTOMER,
      Image: `data:image/png;base64,${PNG.toString('base64')}`,
      Caption: 'o comprovante',
      Id: media.id.replace(/-/g, '').toUpperCase(),
    });
  });

  it('refuses a wrong secret, an unknown channel and another type before anything is stored', async () => {
    const event = {
      type: 'Message',
      event: { Info: { Chat: '5491100000000@s.whatsapp.net', ID: 'FORGED1', IsFromMe: false }, Message: { conversation: 'forged' } },
    };
    const before = await storedCount();
    const [, , , publicKey, secret] = webhookPath.split('/');
    const wrong = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    for (const path of [
      `/webhooks/meow/${publicKey}/${wrong}`,
      `/webhooks/meow/${publicKey}/${secret.slice(1)}`,
      `/webhooks/meow/nope/${secret}`,
      `/webhooks/meow/${t.channel.publicKey}/${secret}`,
    ]) {
      const response = await api.post(path, event);
      expect(response.status, path).toBe(401);
      expect(response.body.error).toBe('ERR_INVALID_TOKEN');
    }
    const form = await fetch(`${server.url}/webhooks/meow/${publicKey}/${wrong}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ jsonData: JSON.stringify(event), token: sim.user.token }).toString(),
    });
    expect(form.status).toBe(401);
    expect(await storedCount()).toBe(before);
    expect(await messagesOf('FORGED1')).toHaveLength(0);

    const bad = await api.post(webhookPath, { type: 'Message', event: { Info: {} } });
    expect([bad.status, bad.body.error]).toEqual([400, 'ERR_VALIDATION']);
    const notJson = await fetch(`${server.url}${webhookPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'jsonData=%7Bnope',
    });
    expect(notJson.status).toBe(400);
    expect(await storedCount()).toBe(before);
  });

  it('retries a 429 and a 5xx answer later, and the message is finally sent once', async () => {
    sim.fail({ path: /^\/chat\/send\/text$/, status: 429, body: { code: 429, error: 'too many requests', success: false } });
    sim.fail({ path: /^\/chat\/send\/text$/, status: 502, body: { code: 502, error: 'bad gateway', success: false } });
    const before = sim.requests.filter((r) => r.path === '/chat/send/text').length;
    const messageId = await reply('Depois de um tempo');
    expect(await sentRow(messageId, 60_000)).toMatchObject({ status: 'sent', ack: 1, error: null });
    const attempts = sim.requests.filter((r) => r.path === '/chat/send/text').slice(before);
    expect(attempts).toHaveLength(3);
    // The same WhatsApp id on every attempt.
    expect(new Set(attempts.map((a) => (a.body as any).Id)).size).toBe(1);
    expect(attempts[2].at - attempts[0].at).toBeGreaterThan(2_000);
  }, 90_000);

  it('fails a send at once when WuzAPI refuses the token (401), without retrying', async () => {
    sim.fail({ path: /^\/chat\/send\/text$/, status: 401, body: { code: 401, error: 'unauthorized', success: false } });
    const before = sim.requests.filter((r) => r.path === '/chat/send/text').length;
    const messageId = await reply('com o token errado');
    expect(await sentRow(messageId)).toMatchObject({ status: 'failed', error: 'ERR_SENDING_WAPP_MSG' });
    expect(sim.requests.filter((r) => r.path === '/chat/send/text').length - before).toBe(1);
  });

  it('maps WuzAPI errors to the spec codes', () => {
    const code = (e: Error) => (e instanceof AppError ? e.code : e.name);
    expect(code(meowFailure('send', 401, { code: 401, error: 'unauthorized', success: false }))).toBe('ERR_SENDING_WAPP_MSG');
    expect(code(meowFailure('session', 401, { code: 401, error: 'unauthorized', success: false }))).toBe('ERR_WAPP_NOT_INITIALIZED');
    expect(code(meowFailure('send', 500, { code: 500, error: 'no session', success: false }))).toBe('ERR_WAPP_INITIALIZED');
    expect(code(meowFailure('send', 400, { code: 400, error: 'could not parse Phone', success: false }))).toBe('ERR_WAPP_INVALID_CONTACT');
    expect(meowFailure('send', 429, {})).toBeInstanceOf(MeowUnavailableError);
    expect(meowFailure('send', 500, { code: 500, error: 'error sending message: timeout', success: false })).toBeInstanceOf(
      MeowUnavailableError,
    );
  });

  it('asks for a linking code instead of a QR code when a pairing number is set', async () => {
    const other = await startWuzapiSimulator();
    try {
      const created = await api.post(
        '/whatsapp',
        { name: 'WuzAPI pairing', type: 'meow', settings: { baseUrl: other.url, token: other.user.token, pairingNumber: '5491155550000' } },
        { token: t.admin.token },
      );
      expect(created.status).toBe(201);
      expect(other.requests.find((r) => r.path === '/session/pairphone')!.body).toEqual({ Phone: '5491155550000' });
      expect(created.body).toMatchObject({ status: 'qrcode', qrcode: other.user.pairingCode });
      expect(created.body.qrcode).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}$/);
    } finally {
      await other.close();
    }
  });

  it('stops: logs the session out and shows the channel disconnected', async () => {
    const stopped = await api.post(`/whatsapp/${channel.id}/stop`, undefined, { token: t.admin.token });
    expect(stopped.status).toBe(200);
    expect(stopped.body.status).toBe('disconnected');
    expect(sim.requests.some((r) => r.method === 'POST' && r.path === '/session/logout')).toBe(true);
    expect(sim.user.loggedIn).toBe(false);
  });
});

describe('meow (WuzAPI) history import and groups', () => {
  const GROUP = '120363025246125888@g.us';
  const HISTORY_GROUP = '120363025246125999@g.us';
  const PAULO = '5511933332222';
  const BIA = '5511944443333';
  const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);
  let hsim: WuzapiSimulator;
  let history: { id: number; publicKey: string };
  let importQueueId: number;

  beforeAll(async () => {
    hsim = await startWuzapiSimulator();
  });
  afterAll(() => hsim?.close());

  const historyMessage = (externalId: string) =>
    rows(server.ctx, sql`select * from messages where channel_id = ${history.id} and external_id = ${externalId}`).then((r) => r[0]);
  const historyCount = () => count(server.ctx, sql`select count(*) from messages where channel_id = ${history.id}`);
  const historyTickets = () => count(server.ctx, sql`select count(*) from tickets where channel_id = ${history.id}`);
  const lastHistoryRequest = (path: string) => hsim.requests.filter((r) => r.path === path).at(-1)!;

  /** One chunk: Paulo's chat (in and out of the day range), Bia's picture and sticker, a group's message. */
  const chunk = () => [
    { id: 'WHIST0001', from: PAULO, pushName: 'Paulo Souza', text: 'antes do período', timestamp: at('2026-09-30T12:00:00Z') },
    { id: 'WHIST0002', from: PAULO, pushName: 'Paulo Souza', text: 'primeira no período', timestamp: at('2026-10-05T12:00:00Z') },
    { id: 'WHIST0003', from: PAULO, fromMe: true, text: 'resposta do telefone', timestamp: at('2026-10-06T12:00:00Z') },
    { id: 'WHIST0004', from: PAULO, pushName: 'Paulo Souza', text: 'última no período', timestamp: at('2026-10-07T12:00:00Z') },
    { id: 'WHIST0005', from: PAULO, pushName: 'Paulo Souza', text: 'depois do período', timestamp: at('2026-11-01T00:00:00Z') },
    {
      id: 'WHIST0006',
      from: BIA,
      pushName: 'Bia',
      image: { content: PNG, mimetype: 'image/png', caption: 'a nota' },
      timestamp: at('2026-10-10T09:00:00Z'),
    },
    {
      id: 'WHIST0007',
      from: BIA,
      pushName: 'Bia',
      image: { content: PNG, mimetype: 'image/png', caption: 'vencida' },
      mediaExpired: true,
      timestamp: at('2026-10-11T09:00:00Z'),
    },
    {
      id: 'WHIST0009',
      from: BIA,
      pushName: 'Bia',
      image: { content: PNG, mimetype: 'image/png', caption: 'velha' },
      timestamp: at('2026-09-01T09:00:00Z'),
    },
    {
      id: 'WHIST0008',
      from: '5511955554444',
      pushName: 'Rita',
      text: 'bom dia, grupo',
      groupJid: HISTORY_GROUP,
      timestamp: at('2026-10-08T10:00:00Z'),
    },
  ];

  it('connects with the HistorySync subscription when the channel imports its history', async () => {
    importQueueId = (await buildQueue(server.ctx, t.tenant.id, [], 'Importados WuzAPI')).id;
    const created = await api.post(
      '/whatsapp',
      {
        name: 'WuzAPI history',
        type: 'meow',
        queueId: t.queue.id,
        settings: {
          baseUrl: hsim.url,
          token: hsim.user.token,
          importOldMessages: true,
          importFrom: '2026-10-01',
          importTo: '2026-10-31',
          historySyncLimit: 2,
          importGroups: true,
          importQueueId,
          closeImportedTickets: true,
        },
      },
      { token: t.admin.token },
    );
    expect(created.status).toBe(201);
    history = { id: created.body.id, publicKey: created.body.publicKey };
    expect(created.body.settings).toMatchObject({ importOldMessages: true, historySyncLimit: 2, importGroups: true });
    expect(lastHistoryRequest('/session/connect').body).toEqual({
      Subscribe: ['Message', 'ReadReceipt', 'Connected', 'QR', 'QRTimeout', 'LoggedOut', 'HistorySync'],
      Immediate: true,
    });
    await hsim.scanQr();
    await eventually(async () => (await api.get(`/whatsapp/${history.id}`, { token: t.admin.token })).body.status === 'connected');
  });

  it('refuses history options out of range', async () => {
    const refused = await api.post(
      '/whatsapp',
      {
        name: 'WuzAPI bad',
        type: 'meow',
        settings: { baseUrl: hsim.url, token: hsim.user.token, importFrom: '2026-10-31', importTo: '2026-10-01', historySyncLimit: 0 },
      },
      { token: t.admin.token },
    );
    expect([refused.status, refused.body.error]).toEqual([400, 'ERR_VALIDATION']);
    expect(JSON.stringify(refused.body)).toMatch(/importTo/);
    expect(JSON.stringify(refused.body)).toMatch(/historySyncLimit/);
  });

  it("a group message makes a group ticket named after the group, with who wrote it; the reply goes to the group's JID", async () => {
    hsim.addGroup(GROUP, 'Equipe de Vendas', ['5511977776666']);
    const delivery = await hsim.sendInbound({ from: '5511977776666', pushName: 'Maria Cliente', text: 'bom dia grupo', groupJid: GROUP });
    expect(delivery.body).toEqual({ received: true, outcome: 'stored' });
    const message = await historyMessage(delivery.id);
    expect(message).toMatchObject({ body: 'bom dia grupo', sender_name: 'Maria Cliente', from_me: false });
    const [ticket] = await rows(server.ctx, sql`select * from tickets where id = ${message.ticket_id}`);
    const [contact] = await rows(server.ctx, sql`select * from contacts where id = ${message.contact_id}`);
    expect(ticket).toMatchObject({ is_group: true, status: 'pending', queue_id: t.queue.id });
    expect(contact).toMatchObject({ is_group: true, name: 'Equipe de Vendas', number: null });
    const lookup = lastHistoryRequest('/group/info');
    expect(lookup.query).toEqual({ groupJID: GROUP });
    expect(lookup.headers.token).toBe(hsim.user.token);

    // Another participant without a push name: named by their number, on the same ticket, without asking WuzAPI again.
    const lookups = hsim.requests.filter((r) => r.path === '/group/info').length;
    const second = await hsim.sendInbound({ from: '5511966665555', text: 'concordo', groupJid: GROUP });
    expect(await historyMessage(second.id)).toMatchObject({ sender_name: '5511966665555', ticket_id: message.ticket_id });
    expect(hsim.requests.filter((r) => r.path === '/group/info').length).toBe(lookups);
    // The phone's own message in the group: ours, naming no participant.
    const own = await hsim.sendInbound({ from: '5511900000000', text: 'pelo celular', groupJid: GROUP, fromMe: true });
    expect(await historyMessage(own.id)).toMatchObject({ from_me: true, status: 'sent', sender_name: null, ticket_id: message.ticket_id });

    const reply = await api.post(`/messages/${Number(ticket.id)}`, { body: 'Bom dia a todos' }, { token: t.agent.token });
    expect(reply.status).toBe(201);
    expect(await sentRow(reply.body.id as string)).toMatchObject({ status: 'sent' });
    expect(lastHistoryRequest('/chat/send/text').body).toEqual({
      Phone: GROUP,
      Body: 'Bom dia a todos',
      Id: (reply.body.id as string).replace(/-/g, '').toUpperCase(),
    });

    // A quoted reply in a group goes unquoted (WuzAPI wants the quoted author, which Conversa does not keep).
    const quoted = await api.post(
      `/messages/${Number(ticket.id)}`,
      { body: 'Sobre isso', quotedMsgId: message.id },
      { token: t.agent.token },
    );
    expect(await sentRow(quoted.body.id as string)).toMatchObject({ status: 'sent' });
    expect(lastHistoryRequest('/chat/send/text').body).toEqual({
      Phone: GROUP,
      Body: 'Sobre isso',
      Id: (quoted.body.id as string).replace(/-/g, '').toUpperCase(),
    });
  });

  it('names a group it cannot look up after its id', async () => {
    const unknown = '120363099999999999@g.us';
    const delivery = await hsim.sendInbound({ from: '5511977776666', pushName: 'Maria', text: 'oi', groupJid: unknown });
    expect(delivery.body).toEqual({ received: true, outcome: 'stored' });
    const [contact] = await rows(
      server.ctx,
      sql`select c.name, c.is_group from contacts c join messages m on m.contact_id = c.id where m.external_id = ${delivery.id}`,
    );
    expect(contact).toEqual({ name: 'Group 120363099999999999', is_group: true });
  });

  it('imports a HistorySync chunk: the day range, the newest N per chat, the phone’s own, media, groups, the queue, closed tickets', async () => {
    hsim.addGroup(HISTORY_GROUP, 'Clientes VIP');
    const progress = watcher.waitFor('channel:historyImport', (p) => p.channelId === history.id && p.state === 'done', 15_000);
    const delivery = (await hsim.sendHistory(chunk()))!;
    expect(delivery.status).toBe(200);
    expect(delivery.body).toEqual({ received: true, outcome: 'imported' });
    expect(await progress).toMatchObject({ chatsTotal: 3, chatsDone: 3, messagesImported: 5, error: null });

    const paulo = await rows(
      server.ctx,
      sql`select m.*, t.status as ticket_status, t.queue_id as ticket_queue, t.unread_messages, t.last_message, c.name as contact_name
          from messages m join tickets t on t.id = m.ticket_id join contacts c on c.id = m.contact_id
          where m.channel_id = ${history.id} and c.number = ${PAULO} order by m.created_at`,
    );
    // In range: 10-05..07; the limit (2) keeps the newest two, one typed on the phone (ours, sent).
    expect(paulo.map((m) => [m.external_id, m.from_me, m.status, m.sender_name])).toEqual([
      ['WHIST0003', true, 'sent', null],
      ['WHIST0004', false, 'received', null],
    ]);
    expect(paulo[0]).toMatchObject({
      ticket_status: 'closed',
      ticket_queue: importQueueId,
      unread_messages: 0,
      last_message: 'última no período',
      contact_name: 'Paulo Souza',
    });
    expect(new Date(paulo[1].created_at as string).toISOString()).toBe('2026-10-07T12:00:00.000Z');

    // History files come through WuzAPI's /chat/downloadimage with the message's URL and keys.
    const picture = await historyMessage('WHIST0006');
    expect(picture).toMatchObject({ body: 'a nota', media_type: 'image', media_mime: 'image/png', from_me: false });
    expect(await server.ctx.media.read(picture.media_key as string)).toEqual(PNG);
    const conversations = (delivery.event.event as any).Data.conversations as any[];
    const sentImage = conversations.flatMap((c) => c.messages).find((m: any) => m.message.key.ID === 'WHIST0006').message
      .message.imageMessage;
    const imageOf = (id: string) =>
      conversations.flatMap((c) => c.messages).find((m: any) => m.message.key.ID === id).message.message.imageMessage;
    const downloaded = (id: string) =>
      hsim.requests.some((r) => r.path === '/chat/downloadimage' && (r.body as any).Url === imageOf(id).URL);
    expect(
      hsim.requests.some(
        (r) => r.path === '/chat/downloadimage' && (r.body as any).Url === sentImage.URL && (r.body as any).MediaKey === sentImage.mediaKey,
      ),
    ).toBe(true);
    // Messages outside the day range are dropped before any file is downloaded.
    expect(downloaded('WHIST0009')).toBe(false);
    // One gone from WhatsApp's servers is kept, saying so.
    expect(await historyMessage('WHIST0007')).toMatchObject({
      body: 'vencida\n[image could not be downloaded]',
      media_key: null,
      ticket_id: picture.ticket_id,
    });

    const group = await historyMessage('WHIST0008');
    expect(group).toMatchObject({ sender_name: 'Rita', body: 'bom dia, grupo' });
    const [groupContact] = await rows(server.ctx, sql`select name, is_group from contacts where id = ${group.contact_id}`);
    expect(groupContact).toEqual({ name: 'Clientes VIP', is_group: true });
    const [groupTicket] = await rows(server.ctx, sql`select status, is_group, queue_id from tickets where id = ${group.ticket_id}`);
    expect(groupTicket).toEqual({ status: 'closed', is_group: true, queue_id: importQueueId });
    for (const skipped of ['WHIST0001', 'WHIST0002', 'WHIST0005', 'WHIST0009']) expect(await historyMessage(skipped)).toBeUndefined();
  });

  it('a repeated HistorySync chunk adds nothing and downloads nothing again', async () => {
    const [messages, tickets] = [await historyCount(), await historyTickets()];
    const downloads = () => hsim.requests.filter((r) => r.path === '/chat/downloadimage').length;
    const before = downloads();
    const delivery = (await hsim.sendHistory(chunk()))!;
    expect(delivery.body).toEqual({ received: true, outcome: 'imported' });
    expect([await historyCount(), await historyTickets(), downloads()]).toEqual([messages, tickets, before]);
  });
});

describe('meow (WuzAPI) subscriptions follow the options on start, a live session included', () => {
  const BASE = ['Message', 'ReadReceipt', 'Connected', 'QR', 'QRTimeout', 'LoggedOut'];
  const past = [{ from: '5491155557777', pushName: 'Ana', text: 'antiga', timestamp: Math.floor(Date.now() / 1000) - 86_400 }];
  let lsim: WuzapiSimulator;
  let liveId: number;

  beforeAll(async () => {
    lsim = await startWuzapiSimulator();
  });
  afterAll(() => lsim?.close());

  const webhookSets = () => lsim.requests.filter((r) => r.method === 'POST' && r.path === '/webhook');
  const connects = () => lsim.requests.filter((r) => r.path === '/session/connect');
  const restart = async () => {
    const started = await api.post(`/whatsapp/${liveId}/start`, undefined, { token: t.admin.token });
    expect(started.status).toBe(200);
    return started.body;
  };
  const edit = async (settings: Record<string, unknown>) =>
    expect((await api.put(`/whatsapp/${liveId}`, { settings }, { token: t.admin.token })).status).toBe(200);

  it('sets the webhook with its event types', async () => {
    const created = await api.post(
      '/whatsapp',
      { name: 'WuzAPI live', type: 'meow', settings: { baseUrl: lsim.url, token: lsim.user.token } },
      { token: t.admin.token },
    );
    expect(created.status).toBe(201);
    liveId = created.body.id;
    const [set] = webhookSets();
    expect(set.headers.token).toBe(lsim.user.token);
    expect(set.body).toEqual({ webhookURL: expect.stringMatching(/\/webhooks\/meow\//), events: BASE });
    expect(lsim.user.subscribe).toEqual(BASE);
    await lsim.scanQr();
    await eventually(async () => (await api.get(`/whatsapp/${liveId}`, { token: t.admin.token })).body.status === 'connected');
    expect(await lsim.sendHistory(past)).toBeUndefined();
  });

  it('importOldMessages set on a connected channel: the restart subscribes the live session to HistorySync', async () => {
    await edit({ importOldMessages: true });
    // The edit alone does not start the channel (update-channel.ts): WuzAPI still has the old list.
    expect(lsim.user.subscribe).toEqual(BASE);

    expect((await restart()).status).toBe('connected');
    // WuzAPI refused to connect again (500 "already connected")…
    expect(connects().at(-1)!.status).toBe(500);
    expect(lsim.user).toMatchObject({ connected: true, loggedIn: true });
    // …but POST /webhook carried the new list, which a connected session follows at once.
    expect(webhookSets().at(-1)!.body).toMatchObject({ events: [...BASE, 'HistorySync'] });
    expect(lsim.user.subscribe).toEqual([...BASE, 'HistorySync']);
    expect((await lsim.sendHistory(past))?.status).toBe(200);
  });

  it('importOldMessages cleared: the restart unsubscribes it again', async () => {
    await edit({ importOldMessages: false });
    expect((await restart()).status).toBe('connected');
    expect(lsim.user.subscribe).toEqual(BASE);
    expect(await lsim.sendHistory(past)).toBeUndefined();
  });
});
