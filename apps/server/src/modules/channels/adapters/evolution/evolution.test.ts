/**
 * The `evolution` channel against the Evolution API simulator (@conversa/simulators): connect with
 * the QR code, inbound text and media to a ticket, replies with the documented payloads (a quick
 * message sent as audio as a voice note through sendWhatsAppAudio), acks,
 * idempotent webhooks, refused secrets, and retries of 429 / 5xx answers.
 */
import { readFileSync } from 'node:fs';
import { startEvolutionSimulator, type EvolutionSimulator } from '@conversa/simulators';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../../../test/api.js';
import type { TestServer } from '../../../../../test/harness.js';
import { startProviderTestEnv, stopProviderTestEnv } from '../../../../../test/provider-env.js';
import { buildQueue, count, eventually, rows, type AgentSocket, type InboxTenant, settledMessageRow } from '../../../../../test/inbox.js';
import { AppError } from '../../../../platform/http/app-error.js';
import { instanceSettingsBody } from './evolution.adapter.js';
import { evolutionFailure, EvolutionUnavailableError } from './evolution.client.js';

/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** An MPEG audio frame (sniffed as audio/mpeg). */
const MP3 = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(400)]);

let server: TestServer;
let api: Api;
let sim: EvolutionSimulator;
let t: InboxTenant;
let watcher: AgentSocket;
let channel: { id: number; publicKey: string };
let instanceName: string;
let webhookPath: string;

const CUSTOMER = '5511988887777';

beforeAll(async () => {
  ({ server, api, sim, t, watcher } = await startProviderTestEnv(startEvolutionSimulator));
}, 60_000);
afterAll(() => stopProviderTestEnv({ server, sim }));

const messagesOf = (externalId: string) =>
  rows(server.ctx, sql`select * from messages where channel_id = ${channel.id} and external_id = ${externalId}`);
const storedCount = () => count(server.ctx, sql`select count(*) from messages where tenant_id = ${t.tenant.id}`);
const contactCount = () => count(server.ctx, sql`select count(*) from contacts where tenant_id = ${t.tenant.id}`);
const sessionPush = (status: string, extra: (session: any) => boolean = () => true) =>
  watcher.waitFor('whatsappSession', (p) => p.session?.id === channel.id && p.session.status === status && extra(p.session), 10_000);

async function ticketOfCustomer(): Promise<number> {
  const [row] = await rows(
    server.ctx,
    sql`select t.id from tickets t join contacts c on c.id = t.contact_id where t.channel_id = ${channel.id} and c.number = ${CUSTOMER} order by t.id desc limit 1`,
  );
  return Number(row.id);
}

async function reply(body: string): Promise<string> {
  const ticketId = await ticketOfCustomer();
  const response = await api.post(`/messages/${ticketId}`, { body }, { token: t.agent.token });
  expect(response.status).toBe(201);
  return response.body.id as string;
}

const sentRow = (messageId: string, timeoutMs?: number) => settledMessageRow(server.ctx, messageId, { timeoutMs });

describe('evolution channel', () => {
  it('connects: creates the instance with its webhook, shows the QR code, and is connected once the phone scans it', async () => {
    const created = await api.post(
      '/whatsapp',
      { name: 'Evolution', type: 'evolution', queueId: t.queue.id, settings: { baseUrl: `${sim.url}/`, apiKey: sim.apiKey } },
      { token: t.admin.token },
    );
    expect(created.status).toBe(201);
    channel = { id: created.body.id, publicKey: created.body.publicKey };
    instanceName = `conversa-${channel.publicKey.slice(0, 12)}`;
    expect(created.body.status).toBe('qrcode');
    expect(created.body.qrcode).toMatch(/^data:image\/png;base64,/);
    // Secrets are never shown back.
    expect(created.body.settings.apiKey).toBe('••••••');
    expect(created.body.settings.webhookSecret).toBe('••••••');

    const create = sim.requests.find((r) => r.path === '/instance/create')!;
    expect(create.headers.apikey).toBe(sim.apiKey);
    const body = create.body as any;
    expect(body).toMatchObject({ instanceName, qrcode: true, integration: 'WHATSAPP-BAILEYS' });
    expect(body.webhook).toMatchObject({
      byEvents: false,
      base64: true,
      events: ['MESSAGES_UPSERT', 'MESSAGES_UPDATE', 'CONNECTION_UPDATE', 'QRCODE_UPDATED'],
    });
    expect(body.webhook.url).toMatch(new RegExp(`^${server.url}/webhooks/evolution/${channel.publicKey}/[A-Za-z0-9_-]{24,}$`));
    webhookPath = new URL(body.webhook.url as string).pathname;
    expect(sim.requests.some((r) => r.method === 'GET' && r.path === `/instance/connect/${instanceName}`)).toBe(true);

    await sessionPush('qrcode', (s) => typeof s.qrcode === 'string' && s.qrcode.startsWith('data:image/png;base64,'));
    const scanned = await sim.scanQr(instanceName);
    expect(scanned?.status).toBe(200);
    await sessionPush('connected', (s) => s.qrcode === null);
    expect((await api.get(`/whatsapp/${channel.id}`, { token: t.admin.token })).body).toMatchObject({ status: 'connected', qrcode: null });
  });

  it('follows the connection: close → disconnected, a new QR code → qrcode, scanned → connected', async () => {
    await sim.disconnect(instanceName);
    await sessionPush('disconnected');
    const rotated = await sim.rotateQr(instanceName);
    expect(rotated?.status).toBe(200);
    const shown = await api.get(`/whatsapp/${channel.id}`, { token: t.admin.token });
    expect(shown.body).toMatchObject({ status: 'qrcode', qrcode: sim.instances.get(instanceName)!.qrcode!.base64 });
    await sim.scanQr(instanceName);
    await eventually(async () => (await api.get(`/whatsapp/${channel.id}`, { token: t.admin.token })).body.status === 'connected');
    expect((await api.get(`/whatsapp/${channel.id}`, { token: t.admin.token })).body.status).toBe('connected');
  });

  it('stores an inbound text on a ticket, and a retried webhook stores nothing twice', async () => {
    const delivery = await sim.sendInbound({ instanceName, from: CUSTOMER, pushName: 'Maria Cliente', text: 'Olá, preciso de ajuda' });
    expect(delivery.status).toBe(200);
    expect(delivery.body).toEqual({ received: true, outcome: 'stored' });
    const [message] = await messagesOf(delivery.id);
    expect(message).toMatchObject({ body: 'Olá, preciso de ajuda', from_me: false });
    const [contact] = await rows(server.ctx, sql`select * from contacts where id = ${message.contact_id}`);
    expect(contact).toMatchObject({ number: CUSTOMER, name: 'Maria Cliente' });
    const [ticket] = await rows(server.ctx, sql`select * from tickets where id = ${message.ticket_id}`);
    expect(ticket).toMatchObject({ queue_id: t.queue.id, channel_id: channel.id, status: 'pending' });

    const before = await storedCount();
    const again = await sim.post(instanceName, 'messages.upsert', delivery.payload.data);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ received: true, outcome: 'duplicate' });
    expect(await storedCount()).toBe(before);
    expect(await messagesOf(delivery.id)).toHaveLength(1);

    const extended = await sim.sendInbound({ instanceName, from: CUSTOMER, text: 'com link https://example.com', extended: true });
    expect((await messagesOf(extended.id))[0]).toMatchObject({ body: 'com link https://example.com', ticket_id: message.ticket_id });
  });

  it('stores inbound images, from the webhook base64 or fetched from Evolution', async () => {
    const inline = await sim.sendInbound({
      instanceName,
      from: CUSTOMER,
      image: { content: PNG, mimetype: 'image/png', caption: 'a foto' },
    });
    expect(inline.body).toEqual({ received: true, outcome: 'stored' });
    const [first] = await messagesOf(inline.id);
    expect(first).toMatchObject({ body: 'a foto', media_type: 'image', media_mime: 'image/png', media_size: PNG.length });
    expect(await server.ctx.media.read(first.media_key as string)).toEqual(PNG);

    const fetched = await sim.sendInbound({
      instanceName,
      from: CUSTOMER,
      image: { content: PNG, mimetype: 'image/png' },
      omitBase64: true,
    });
    expect(fetched.body).toEqual({ received: true, outcome: 'stored' });
    const download = sim.requests.find((r) => r.path === `/chat/getBase64FromMediaMessage/${instanceName}`)!;
    expect(download.headers.apikey).toBe(sim.apiKey);
    expect(download.body).toMatchObject({ message: { key: { id: fetched.id } } });
    const [second] = await messagesOf(fetched.id);
    expect(await server.ctx.media.read(second.media_key as string)).toEqual(PNG);
  });

  it("stores a message typed on the phone as the channel's own, and skips groups without importGroups", async () => {
    const ticketId = await ticketOfCustomer();
    const [before] = await rows(server.ctx, sql`select unread_messages from tickets where id = ${ticketId}`);
    expect(Number(before.unread_messages)).toBeGreaterThan(0);
    const own = await sim.sendInbound({ instanceName, from: CUSTOMER, text: 'typed on the phone', fromMe: true });
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ received: true, outcome: 'stored' });
    const [message] = await messagesOf(own.id);
    // Ours, already sent, on the customer's open ticket; it answers the ticket (read) instead of counting as unread.
    expect(message).toMatchObject({
      body: 'typed on the phone',
      from_me: true,
      status: 'sent',
      ack: 1,
      user_id: null,
      ticket_id: ticketId,
    });
    const [after] = await rows(server.ctx, sql`select unread_messages, answered, last_message from tickets where id = ${ticketId}`);
    expect(after).toMatchObject({ unread_messages: 0, answered: true, last_message: 'typed on the phone' });
    // Its pushName ('Você', the account's own) names nobody.
    const [contact] = await rows(server.ctx, sql`select name from contacts where id = ${message.contact_id}`);
    expect(contact.name).toBe('Maria Cliente');

    const stored = await storedCount();
    const group = await sim.sendInbound({
      instanceName,
      from: CUSTOMER,
      pushName: 'Maria Cliente',
      text: 'in a group',
      groupJid: '120363041967849074@g.us',
    });
    expect(group.status).toBe(200);
    expect(group.body).toEqual({ received: true, outcome: 'skipped' });
    expect(await storedCount()).toBe(stored);
    // Nothing asked of Evolution for a group the channel does not take.
    expect(sim.requests.some((r) => r.path.startsWith('/group/'))).toBe(false);
  });

  it('sends a reply with the documented payload, and delivery / read receipts update its ack', async () => {
    const messageId = await reply('Claro, como posso ajudar?');
    const row = await sentRow(messageId);
    expect(row).toMatchObject({ status: 'sent', ack: 1 });
    const request = sim.requests.filter((r) => r.path === `/message/sendText/${instanceName}`).at(-1)!;
    expect(request.headers.apikey).toBe(sim.apiKey);
    expect(request.body).toEqual({ number: CUSTOMER, text: 'Claro, como posso ajudar?' });
    const externalId = row.external_id as string;
    expect(externalId).toMatch(/^3EB0[0-9A-F]{16}$/);

    const updates = watcher.events.length;
    expect((await sim.sendStatus(externalId, 'DELIVERY_ACK', { instanceName })).status).toBe(200);
    expect((await messagesOf(externalId))[0]).toMatchObject({ status: 'delivered', ack: 2 });
    await sim.sendStatus(externalId, 'READ', { instanceName });
    expect((await messagesOf(externalId))[0]).toMatchObject({ status: 'read', ack: 3 });
    // A late delivery receipt never undoes the read one.
    await sim.sendStatus(externalId, 'DELIVERY_ACK', { instanceName });
    expect((await messagesOf(externalId))[0]).toMatchObject({ status: 'read', ack: 3 });
    await watcher.waitFor('appMessage', (p) => p.message?.id === messageId && p.message.ack === 3);
    expect(watcher.events.length).toBeGreaterThan(updates);
  });

  it('edits and deletes a sent message for everyone with the documented payloads', async () => {
    const messageId = await reply('texto com erro');
    const row = await sentRow(messageId);
    const externalId = row.external_id as string;

    const edited = await api.request('PATCH', `/messages/${messageId}`, { token: t.agent.token, body: { body: 'texto corrigido' } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ body: 'texto corrigido', edited: true });
    const edit = sim.requests.filter((r) => r.path === `/chat/updateMessage/${instanceName}`).at(-1)!;
    expect(edit.headers.apikey).toBe(sim.apiKey);
    expect(edit.body).toEqual({
      number: CUSTOMER,
      text: 'texto corrigido',
      key: { id: externalId, remoteJid: `${CUSTOMER}@s.whatsapp.net`, fromMe: true },
    });
    expect(sim.instances.get(instanceName)!.edited.get(externalId)).toBe('texto corrigido');

    const deleted = await api.request('DELETE', '/messages', { token: t.agent.token, body: { id: messageId } });
    expect(deleted.status).toBe(200);
    expect(deleted.body.deleted).toBe(true);
    const removal = sim.requests.filter((r) => r.path === `/chat/deleteMessageForEveryone/${instanceName}`).at(-1)!;
    expect(removal.method).toBe('DELETE');
    expect(removal.body).toEqual({ id: externalId, remoteJid: `${CUSTOMER}@s.whatsapp.net`, fromMe: true });
    expect(sim.instances.get(instanceName)!.deleted.has(externalId)).toBe(true);

    // Evolution refusing the deletion: ERR_DELETE_WAPP_MSG, and the message is not marked deleted.
    const other = await reply('outra');
    await sentRow(other);
    sim.fail({
      path: new RegExp(`^/chat/deleteMessageForEveryone/${instanceName}$`),
      status: 400,
      body: { status: 400, error: 'Bad Request', response: { message: ['Message not found'] } },
    });
    const refused = await api.request('DELETE', '/messages', { token: t.agent.token, body: { id: other } });
    expect([refused.status, refused.body.error]).toEqual([400, 'ERR_DELETE_WAPP_MSG']);
    expect((await rows(server.ctx, sql`select deleted from messages where id = ${other}`))[0].deleted).toBe(false);
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
    expect(quoted.status).toBe(201);
    expect(await sentRow(quoted.body.id)).toMatchObject({ status: 'sent' });
    const quotedRequest = sim.requests.filter((r) => r.path === `/message/sendText/${instanceName}`).at(-1)!;
    expect(quotedRequest.body).toEqual({ number: CUSTOMER, text: 'Sobre isso:', quoted: { key: { id: customerMessage.external_id } } });

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
    const mediaRequest = sim.requests.filter((r) => r.path === `/message/sendMedia/${instanceName}`).at(-1)!;
    expect(mediaRequest.headers.apikey).toBe(sim.apiKey);
    expect(mediaRequest.body).toEqual({
      number: CUSTOMER,
      mediatype: 'image',
      mimetype: 'image/png',
      media: PNG.toString('base64'),
      fileName: 'comprovante.png',
      caption: 'o comprovante',
    });
  });

  describe('quick messages with an audio file', () => {
    const voicePath = () => `/message/sendWhatsAppAudio/${instanceName}`;
    const mediaPath = () => `/message/sendMedia/${instanceName}`;
    const callsTo = (path: string) => sim.requests.filter((r) => r.path === path);

    /** A quick message with the MP3, sent as audio (a voice note) or as a plain file. */
    async function quickAudio(sendAsAudio: boolean): Promise<number> {
      const form = new FormData();
      form.append('medias', new Blob([MP3], { type: 'audio/mpeg' }), 'recado.mp3');
      const uploaded = await fetch(`${server.url}/fastreply/media`, {
        method: 'POST',
        headers: { authorization: `Bearer ${t.admin.token}` },
        body: form,
      });
      expect(uploaded.status).toBe(201);
      const { mediaToken } = (await uploaded.json()) as { mediaToken: string };
      const key = `audio${sendAsAudio ? 'voz' : 'arquivo'}${Date.now()}`;
      const created = await api.post('/fastreply', { key, message: '', mediaToken, sendAsAudio }, { token: t.admin.token });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.id as number;
    }

    async function sendQuick(quickMessageId: number): Promise<string> {
      const sent = await api.post(`/messages/${await ticketOfCustomer()}`, { quickMessageId }, { token: t.agent.token });
      expect(sent.status).toBe(201);
      expect(sent.body).toMatchObject({ mediaType: 'audio', mediaName: 'recado.mp3' });
      return sent.body.id as string;
    }

    it('sends one sent as audio as a voice note through sendWhatsAppAudio, recorded sent with the provider id', async () => {
      const quick = await quickAudio(true);
      const [voiceCalls, mediaCalls] = [callsTo(voicePath()).length, callsTo(mediaPath()).length];
      const messageId = await sendQuick(quick);
      const row = await sentRow(messageId);
      expect(row).toMatchObject({ status: 'sent', ack: 1, error: null, media_voice: true });
      const calls = callsTo(voicePath()).slice(voiceCalls);
      expect(calls).toHaveLength(1);
      expect(calls[0].headers.apikey).toBe(sim.apiKey);
      expect(calls[0].status).toBe(201);
      // The documented body: the number and the file in base64 (as sendMedia's), no caption.
      expect(calls[0].body).toEqual({ number: CUSTOMER, audio: MP3.toString('base64') });
      expect(callsTo(mediaPath())).toHaveLength(mediaCalls);
      // The id is Evolution's: its delivery receipt finds the message.
      const externalId = row.external_id as string;
      expect(externalId).toMatch(/^3EB0[0-9A-F]{16}$/);
      await sim.sendStatus(externalId, 'DELIVERY_ACK', { instanceName });
      expect((await messagesOf(externalId))[0]).toMatchObject({ id: messageId, status: 'delivered', ack: 2 });
    });

    it('sends one not sent as audio as a plain audio file through sendMedia', async () => {
      const quick = await quickAudio(false);
      const [voiceCalls, mediaCalls] = [callsTo(voicePath()).length, callsTo(mediaPath()).length];
      const messageId = await sendQuick(quick);
      expect(await sentRow(messageId)).toMatchObject({ status: 'sent', error: null, media_voice: false });
      const calls = callsTo(mediaPath()).slice(mediaCalls);
      expect(calls).toHaveLength(1);
      expect(calls[0].body).toEqual({
        number: CUSTOMER,
        mediatype: 'audio',
        mimetype: 'audio/mpeg',
        media: MP3.toString('base64'),
        fileName: 'recado.mp3',
        caption: '',
      });
      expect(callsTo(voicePath())).toHaveLength(voiceCalls);
    });

    it('fails the voice note at once when Evolution refuses it (400), without retrying', async () => {
      const quick = await quickAudio(true);
      const refusal = JSON.parse(
        readFileSync(
          new URL('../../../../../../../packages/simulators/fixtures/evolution/send-whatsapp-audio-error.json', import.meta.url),
          'utf8',
        ),
      ).payload;
      const path = new RegExp(`^${voicePath()}$`);
      sim.fail({ path, status: 400, body: refusal });
      const before = callsTo(voicePath()).length;
      const messageId = await sendQuick(quick);
      expect(await sentRow(messageId)).toMatchObject({ status: 'failed', error: 'ERR_SENDING_WAPP_MSG', external_id: null });
      expect(
        callsTo(voicePath())
          .slice(before)
          .map((r) => r.status),
      ).toEqual([400]);
    });
  });

  it('refuses a wrong secret, an unknown channel and a webchat channel before anything is stored', async () => {
    const payload = {
      event: 'messages.upsert',
      instance: instanceName,
      data: {
        key: { remoteJid: '5511977776666@s.whatsapp.net', fromMe: false, id: 'FORGED1' },
        pushName: 'Forger',
        message: { conversation: 'forged' },
        messageType: 'conversation',
      },
    };
    const [messages, contacts] = [await storedCount(), await contactCount()];
    const [, , , publicKey, secret] = webhookPath.split('/');
    const wrong = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    for (const path of [
      `/webhooks/evolution/${publicKey}/${wrong}`,
      `/webhooks/evolution/${publicKey}/${secret.slice(0, -1)}`,
      `/webhooks/evolution/not-a-channel/${secret}`,
      `/webhooks/evolution/${t.channel.publicKey}/${secret}`,
    ]) {
      const response = await api.post(path, payload);
      expect(response.status, path).toBe(401);
      expect(response.body.error).toBe('ERR_INVALID_TOKEN');
    }
    expect(await storedCount()).toBe(messages);
    expect(await contactCount()).toBe(contacts);
    expect(await messagesOf('FORGED1')).toHaveLength(0);

    // The right secret with a malformed event: a 4xx with an error code, nothing stored.
    const bad = await api.post(webhookPath, { event: 'messages.upsert', instance: instanceName, data: { key: { id: 'X' } } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('ERR_VALIDATION');
    const empty = await api.post(webhookPath, {});
    expect(empty.status).toBe(400);
    expect(await storedCount()).toBe(messages);
  });

  it('retries a 429 and a 5xx answer later, and the message is finally sent once', async () => {
    const path = new RegExp(`^/message/sendText/${instanceName}$`);
    sim.fail({ path, status: 429, body: { status: 429, error: 'Too Many Requests', response: { message: 'Too Many Requests' } } });
    sim.fail({ path, status: 503, body: { status: 503, error: 'Service Unavailable', response: { message: 'busy' } } });
    const before = sim.requests.filter((r) => path.test(r.path)).length;
    const messageId = await reply('Depois de um tempo');
    const row = await sentRow(messageId, 60_000);
    expect(row).toMatchObject({ status: 'sent', ack: 1, error: null });
    const attempts = sim.requests.filter((r) => path.test(r.path)).slice(before);
    expect(attempts).toHaveLength(3);
    expect(attempts.every((a) => (a.body as any).text === 'Depois de um tempo')).toBe(true);
    expect(attempts[2].at - attempts[0].at).toBeGreaterThan(2_000);
  }, 90_000);

  it('fails a send at once when Evolution refuses the API key (401), without retrying', async () => {
    const path = new RegExp(`^/message/sendText/${instanceName}$`);
    sim.fail({ path, status: 401, body: { status: 401, error: 'Unauthorized', response: { message: 'Unauthorized' } } });
    const before = sim.requests.filter((r) => path.test(r.path)).length;
    const messageId = await reply('com a chave errada');
    expect(await sentRow(messageId)).toMatchObject({ status: 'failed', error: 'ERR_SENDING_WAPP_MSG' });
    expect(sim.requests.filter((r) => path.test(r.path)).length - before).toBe(1);
  });

  it('retries a send while the instance is not connected (ERR_WAPP_INITIALIZED), and sends once it is', async () => {
    const path = new RegExp(`^/message/sendText/${instanceName}$`);
    await sim.disconnect(instanceName);
    const before = sim.requests.filter((r) => path.test(r.path)).length;
    const messageId = await reply('quando voltar');
    await eventually(async () => sim.requests.filter((r) => path.test(r.path)).length > before, { timeoutMs: 10_000 });
    const [pending] = await rows(server.ctx, sql`select status from messages where id = ${messageId}`);
    expect(pending.status).toBe('pending');
    await sim.scanQr(instanceName);
    expect(await sentRow(messageId, 60_000)).toMatchObject({ status: 'sent', error: null });
  }, 90_000);

  it('maps Evolution errors to the spec codes', () => {
    const code = (e: Error) => (e instanceof AppError ? e.code : e.name);
    expect(code(evolutionFailure('send', 401, { status: 401, error: 'Unauthorized', response: { message: 'Unauthorized' } }))).toBe(
      'ERR_SENDING_WAPP_MSG',
    );
    expect(code(evolutionFailure('session', 401, { status: 401, error: 'Unauthorized', response: { message: 'Unauthorized' } }))).toBe(
      'ERR_WAPP_NOT_INITIALIZED',
    );
    expect(
      code(evolutionFailure('send', 404, { status: 404, error: 'Not Found', response: { message: ['The "x" instance does not exist'] } })),
    ).toBe('ERR_WAPP_NOT_INITIALIZED');
    expect(
      code(evolutionFailure('send', 400, { status: 400, error: 'Bad Request', response: { message: ['Error: Connection Closed'] } })),
    ).toBe('ERR_WAPP_INITIALIZED');
    expect(
      code(
        evolutionFailure('send', 400, {
          status: 400,
          error: 'Bad Request',
          response: { message: [{ exists: false, jid: '1@s.whatsapp.net', number: '1' }] },
        }),
      ),
    ).toBe('ERR_WAPP_INVALID_CONTACT');
    expect(evolutionFailure('send', 429, {})).toBeInstanceOf(EvolutionUnavailableError);
    expect(evolutionFailure('send', 502, 'Bad Gateway')).toBeInstanceOf(EvolutionUnavailableError);
  });

  it('fails a send to a number WhatsApp does not know at once, without retrying', async () => {
    const [contact] = await rows(server.ctx, sql`select id from contacts where tenant_id = ${t.tenant.id} and number = ${CUSTOMER}`);
    const ticketId = await ticketOfCustomer();
    await server.ctx.db.execute(sql`update contacts set number = '123' where id = ${contact.id}`);
    try {
      const before = sim.requests.length;
      const sent = await api.post(`/messages/${ticketId}`, { body: 'para um número inválido' }, { token: t.agent.token });
      expect(sent.status).toBe(201);
      expect(await sentRow(sent.body.id as string)).toMatchObject({ status: 'failed', error: 'ERR_WAPP_INVALID_CONTACT' });
      expect(sim.requests.slice(before).filter((r) => r.path.startsWith('/message/'))).toHaveLength(1);
    } finally {
      await server.ctx.db.execute(sql`update contacts set number = ${CUSTOMER} where id = ${contact.id}`);
    }
  });

  it('stops: logs the instance out and shows the channel disconnected', async () => {
    const stopped = await api.post(`/whatsapp/${channel.id}/stop`, undefined, { token: t.admin.token });
    expect(stopped.status).toBe(200);
    expect(stopped.body.status).toBe('disconnected');
    expect(sim.requests.some((r) => r.method === 'DELETE' && r.path === `/instance/logout/${instanceName}`)).toBe(true);
    expect(sim.instances.get(instanceName)!.state).toBe('close');
  });

  it('asks for a pairing code instead of a QR code when a pairing number is set', async () => {
    const created = await api.post(
      '/whatsapp',
      {
        name: 'Evolution pairing',
        type: 'evolution',
        settings: { baseUrl: sim.url, apiKey: sim.apiKey, instanceName: 'pairing-test', pairingNumber: '5511912345678' },
      },
      { token: t.admin.token },
    );
    expect(created.status).toBe(201);
    expect(sim.requests.find((r) => r.path === '/instance/create' && (r.body as any).instanceName === 'pairing-test')!.body).toMatchObject({
      number: '5511912345678',
    });
    expect(sim.requests.some((r) => r.path === '/instance/connect/pairing-test' && r.query.number === '5511912345678')).toBe(true);
    expect(created.body).toMatchObject({ status: 'qrcode', qrcode: sim.instances.get('pairing-test')!.qrcode!.pairingCode });
    expect(created.body.qrcode).toMatch(/^[0-9A-F]{8}$/);
  });

  it("points an existing instance's webhook at the channel and shows its state", async () => {
    const headers = { apikey: sim.apiKey, 'content-type': 'application/json' };
    const made = await fetch(`${sim.url}/instance/create`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        instanceName: 'made-elsewhere',
        qrcode: false,
        integration: 'WHATSAPP-BAILEYS',
        webhook: { url: 'http://127.0.0.1:9/old', events: ['MESSAGES_UPSERT'] },
      }),
    });
    expect(made.status).toBe(201);
    const created = await api.post(
      '/whatsapp',
      { name: 'Evolution existing', type: 'evolution', settings: { baseUrl: sim.url, apiKey: sim.apiKey, instanceName: 'made-elsewhere' } },
      { token: t.admin.token },
    );
    expect(created.status).toBe(201);
    expect(sim.requests.filter((r) => r.path === '/instance/create' && (r.body as any).instanceName === 'made-elsewhere')).toHaveLength(1);
    const set = sim.requests.find((r) => r.path === '/webhook/set/made-elsewhere')!;
    expect(set.headers.apikey).toBe(sim.apiKey);
    expect(set.body).toMatchObject({
      webhook: {
        enabled: true,
        byEvents: false,
        base64: true,
        events: ['MESSAGES_UPSERT', 'MESSAGES_UPDATE', 'CONNECTION_UPDATE', 'QRCODE_UPDATED'],
      },
    });
    // Neither history option set: the instance's own settings are neither read nor written.
    expect(sim.requests.some((r) => r.path.startsWith('/settings/'))).toBe(false);
    expect(sim.instances.get('made-elsewhere')!.webhook!.url).toMatch(
      new RegExp(`^${server.url}/webhooks/evolution/${created.body.publicKey}/`),
    );
    expect(created.body.status).toBe('qrcode');
    // The phone scans: the event reaches this channel through the new webhook.
    expect((await sim.scanQr('made-elsewhere'))?.status).toBe(200);
    expect((await api.get(`/whatsapp/${created.body.id}`, { token: t.admin.token })).body.status).toBe('connected');
  });

  it('refuses settings without a base URL or an API key', async () => {
    const response = await api.post(
      '/whatsapp',
      { name: 'Evolution bad', type: 'evolution', settings: { apiKey: 'k' } },
      { token: t.admin.token },
    );
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('ERR_VALIDATION');
    expect(Object.keys(response.body.fields)).toContain('settings.baseUrl');
  });
});

describe('evolution history import and groups', () => {
  const GROUP = '120363025246125888@g.us';
  const HISTORY_GROUP = '120363025246125999@g.us';
  const PAULO = '5511933332222';
  const BIA = '5511944443333';
  const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);
  let history: { id: number; publicKey: string };
  let historyInstance: string;
  let importQueueId: number;

  const historyMessage = (externalId: string) =>
    rows(server.ctx, sql`select * from messages where channel_id = ${history.id} and external_id = ${externalId}`).then((r) => r[0]);
  const historyCount = () => count(server.ctx, sql`select count(*) from messages where channel_id = ${history.id}`);
  const historyTickets = () => count(server.ctx, sql`select count(*) from tickets where channel_id = ${history.id}`);

  /** One chunk: Paulo's chat (in and out of the day range), Bia's picture and location, a group's message. */
  const chunk = () => [
    { id: 'HIST0001', from: PAULO, pushName: 'Paulo Souza', text: 'antes do período', timestamp: at('2026-09-30T12:00:00Z') },
    { id: 'HIST0002', from: PAULO, pushName: 'Paulo Souza', text: 'primeira no período', timestamp: at('2026-10-05T12:00:00Z') },
    { id: 'HIST0003', from: PAULO, fromMe: true, text: 'resposta do telefone', timestamp: at('2026-10-06T12:00:00Z') },
    { id: 'HIST0004', from: PAULO, pushName: 'Paulo Souza', text: 'última no período', timestamp: at('2026-10-07T12:00:00Z') },
    { id: 'HIST0005', from: PAULO, pushName: 'Paulo Souza', text: 'depois do período', timestamp: at('2026-11-01T00:00:00Z') },
    {
      id: 'HIST0006',
      from: BIA,
      pushName: 'Bia',
      image: { content: PNG, mimetype: 'image/png', caption: 'a nota' },
      timestamp: at('2026-10-10T09:00:00Z'),
    },
    {
      id: 'HIST0007',
      from: BIA,
      pushName: 'Bia',
      content: { locationMessage: { degreesLatitude: -23.55, degreesLongitude: -46.63, name: 'Loja Centro', address: 'Rua Direita, 10' } },
      timestamp: at('2026-10-11T09:00:00Z'),
    },
    {
      id: 'HIST0008',
      from: '5511955554444',
      pushName: 'Rita',
      text: 'bom dia, grupo',
      groupJid: HISTORY_GROUP,
      timestamp: at('2026-10-08T10:00:00Z'),
    },
  ];

  it('creates the instance with the full history sync, groups and the MESSAGES_SET webhook', async () => {
    importQueueId = (await buildQueue(server.ctx, t.tenant.id, [], 'Importados Evolution')).id;
    const created = await api.post(
      '/whatsapp',
      {
        name: 'Evolution history',
        type: 'evolution',
        queueId: t.queue.id,
        settings: {
          baseUrl: sim.url,
          apiKey: sim.apiKey,
          instanceName: 'history-test',
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
    historyInstance = 'history-test';
    const create = sim.requests.find((r) => r.path === '/instance/create' && (r.body as any).instanceName === historyInstance)!;
    expect(create.body).toMatchObject({ syncFullHistory: true, groupsIgnore: false });
    expect((create.body as any).webhook.events).toEqual([
      'MESSAGES_UPSERT',
      'MESSAGES_UPDATE',
      'CONNECTION_UPDATE',
      'QRCODE_UPDATED',
      'MESSAGES_SET',
    ]);
    await sim.scanQr(historyInstance);
    await eventually(async () => (await api.get(`/whatsapp/${history.id}`, { token: t.admin.token })).body.status === 'connected');
  });

  it("a group message makes a group ticket named after the group's subject, with who wrote it; the reply goes to the group JID", async () => {
    sim.addGroup(GROUP, 'Equipe de Vendas', { instanceName: historyInstance });
    const delivery = await sim.sendInbound({
      instanceName: historyInstance,
      from: '5511977776666',
      pushName: 'Maria Cliente',
      text: 'bom dia grupo',
      groupJid: GROUP,
    });
    expect(delivery.body).toEqual({ received: true, outcome: 'stored' });
    const message = await historyMessage(delivery.id);
    expect(message).toMatchObject({ body: 'bom dia grupo', sender_name: 'Maria Cliente', from_me: false });
    const [ticket] = await rows(server.ctx, sql`select * from tickets where id = ${message.ticket_id}`);
    const [contact] = await rows(server.ctx, sql`select * from contacts where id = ${message.contact_id}`);
    expect(ticket).toMatchObject({ is_group: true, status: 'pending', queue_id: t.queue.id });
    expect(contact).toMatchObject({ is_group: true, name: 'Equipe de Vendas', number: null });
    const lookup = sim.requests.find((r) => r.path === `/group/findGroupInfos/${historyInstance}`)!;
    expect(lookup.query).toEqual({ groupJid: GROUP });
    expect(lookup.headers.apikey).toBe(sim.apiKey);

    // Another participant without a push name: Evolution names them by their number.
    const second = await sim.sendInbound({ instanceName: historyInstance, from: '5511966665555', text: 'concordo', groupJid: GROUP });
    expect(await historyMessage(second.id)).toMatchObject({ sender_name: '5511966665555', ticket_id: message.ticket_id });
    // The phone's own message in the group: ours, naming no participant.
    const own = await sim.sendInbound({
      instanceName: historyInstance,
      from: '5511900000000',
      text: 'pelo celular',
      groupJid: GROUP,
      fromMe: true,
    });
    expect(await historyMessage(own.id)).toMatchObject({ from_me: true, status: 'sent', sender_name: null, ticket_id: message.ticket_id });

    const reply = await api.post(`/messages/${Number(ticket.id)}`, { body: 'Bom dia a todos' }, { token: t.agent.token });
    expect(reply.status).toBe(201);
    expect(await sentRow(reply.body.id as string)).toMatchObject({ status: 'sent' });
    const request = sim.requests.filter((r) => r.path === `/message/sendText/${historyInstance}`).at(-1)!;
    expect(request.body).toEqual({ number: GROUP, text: 'Bom dia a todos' });
  });

  it('names a group it cannot look up after its id', async () => {
    const unknown = '120363099999999999@g.us';
    const delivery = await sim.sendInbound({
      instanceName: historyInstance,
      from: '5511977776666',
      pushName: 'Maria',
      text: 'oi',
      groupJid: unknown,
    });
    expect(delivery.body).toEqual({ received: true, outcome: 'stored' });
    const [contact] = await rows(
      server.ctx,
      sql`select c.name, c.is_group from contacts c join messages m on m.contact_id = c.id where m.external_id = ${delivery.id}`,
    );
    expect(contact).toEqual({ name: 'Group 120363099999999999', is_group: true });
  });

  it('imports a MESSAGES_SET chunk: the day range, the newest N per chat, the phone’s own, media, groups, the queue, closed tickets', async () => {
    sim.addGroup(HISTORY_GROUP, 'Clientes VIP', { instanceName: historyInstance });
    const progress = watcher.waitFor('channel:historyImport', (p) => p.channelId === history.id && p.state === 'done', 15_000);
    const delivery = (await sim.sendHistory(chunk(), { instanceName: historyInstance }))!;
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
    expect(paulo.map((m) => [m.external_id, m.from_me, m.status])).toEqual([
      ['HIST0003', true, 'sent'],
      ['HIST0004', false, 'received'],
    ]);
    expect(paulo[0]).toMatchObject({
      ticket_status: 'closed',
      ticket_queue: importQueueId,
      unread_messages: 0,
      last_message: 'última no período',
      contact_name: 'Paulo Souza',
    });
    expect(new Date(paulo[1].created_at as string).toISOString()).toBe('2026-10-07T12:00:00.000Z');

    // History files are fetched from Evolution with the whole message (not in MESSAGES_SET).
    const picture = await historyMessage('HIST0006');
    expect(picture).toMatchObject({ body: 'a nota', media_type: 'image', media_mime: 'image/png', from_me: false });
    expect(await server.ctx.media.read(picture.media_key as string)).toEqual(PNG);
    const download = sim.requests.find(
      (r) => r.path === `/chat/getBase64FromMediaMessage/${historyInstance}` && (r.body as any).message.key.id === 'HIST0006',
    )!;
    expect((download.body as any).message.message.imageMessage).toMatchObject({ mimetype: 'image/png' });
    expect(await historyMessage('HIST0007')).toMatchObject({
      body: '📍 Loja Centro\nRua Direita, 10\nhttps://maps.google.com/maps?q=-23.55,-46.63',
      ticket_id: picture.ticket_id,
    });

    const group = await historyMessage('HIST0008');
    expect(group).toMatchObject({ sender_name: 'Rita', body: 'bom dia, grupo' });
    const [groupContact] = await rows(server.ctx, sql`select name, is_group from contacts where id = ${group.contact_id}`);
    expect(groupContact).toEqual({ name: 'Clientes VIP', is_group: true });
    const [groupTicket] = await rows(server.ctx, sql`select status, is_group, queue_id from tickets where id = ${group.ticket_id}`);
    expect(groupTicket).toEqual({ status: 'closed', is_group: true, queue_id: importQueueId });
    for (const skipped of ['HIST0001', 'HIST0002', 'HIST0005']) expect(await historyMessage(skipped)).toBeUndefined();
  });

  it('a repeated MESSAGES_SET adds nothing and downloads nothing again', async () => {
    const [messages, tickets] = [await historyCount(), await historyTickets()];
    const downloads = () => sim.requests.filter((r) => r.path === `/chat/getBase64FromMediaMessage/${historyInstance}`).length;
    const before = downloads();
    const delivery = (await sim.sendHistory(chunk(), { instanceName: historyInstance }))!;
    expect(delivery.body).toEqual({ received: true, outcome: 'imported' });
    expect([await historyCount(), await historyTickets(), downloads()]).toEqual([messages, tickets, before]);
  });

  it('a channel without importOldMessages neither subscribes to MESSAGES_SET nor stores one', async () => {
    expect(await sim.sendHistory(chunk(), { instanceName })).toBeUndefined();
    const before = await storedCount();
    const forced = await sim.post(
      instanceName,
      'messages.set',
      (await sim.sendHistory(chunk(), { instanceName: historyInstance }))!.payload.data,
    );
    expect(forced.status).toBe(200);
    expect(forced.body).toEqual({ received: true, outcome: 'ignored' });
    expect(await storedCount()).toBe(before);
  });
});

describe("evolution: an existing instance's settings follow the channel's options on start", () => {
  const NAME = 'settings-test';
  let channelId: number;
  const settingsRequests = (kind: 'find' | 'set') => sim.requests.filter((r) => r.path === `/settings/${kind}/${NAME}`);
  const start = async () => {
    const started = await api.post(`/whatsapp/${channelId}/start`, undefined, { token: t.admin.token });
    expect(started.status).toBe(200);
    return started.body;
  };
  const edit = async (settings: Record<string, unknown>) => {
    const edited = await api.put(`/whatsapp/${channelId}`, { settings }, { token: t.admin.token });
    expect(edited.status).toBe(200);
  };
  const tenantSettings = {
    rejectCall: true,
    msgCall: 'Não atendemos ligações.',
    alwaysOnline: true,
    readMessages: false,
    readStatus: false,
  };

  beforeAll(async () => {
    // The cases above use the tenant's five connections.
    await rows(server.ctx, sql`update tenants set max_connections = max_connections + 1 where id = ${t.tenant.id}`);
  });

  it("writes syncFullHistory / groupsIgnore into an instance made elsewhere, before connecting, with the tenant's other settings kept", async () => {
    const made = await fetch(`${sim.url}/instance/create`, {
      method: 'POST',
      headers: { apikey: sim.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        instanceName: NAME,
        qrcode: false,
        integration: 'WHATSAPP-BAILEYS',
        ...tenantSettings,
        groupsIgnore: true,
        syncFullHistory: false,
      }),
    });
    expect(made.status).toBe(201);
    const created = await api.post(
      '/whatsapp',
      {
        name: 'Evolution settings',
        type: 'evolution',
        settings: { baseUrl: sim.url, apiKey: sim.apiKey, instanceName: NAME, importOldMessages: true, importGroups: true },
      },
      { token: t.admin.token },
    );
    expect(created.status).toBe(201);
    channelId = created.body.id;
    expect(created.body.status).toBe('qrcode');

    expect(settingsRequests('find')).toHaveLength(1);
    expect(settingsRequests('find')[0].headers.apikey).toBe(sim.apiKey);
    const [set, ...more] = settingsRequests('set');
    expect(more).toHaveLength(0);
    expect(set.headers.apikey).toBe(sim.apiKey);
    expect(set.status).toBe(201);
    // Everything as read (the null wavoipToken column as ''), the channel's two laid over it.
    expect(set.body).toEqual({ ...tenantSettings, groupsIgnore: false, syncFullHistory: true, wavoipToken: '' });
    expect(sim.instances.get(NAME)!.settings).toEqual({ ...tenantSettings, groupsIgnore: false, syncFullHistory: true });
    // Before /instance/connect: Baileys takes syncFullHistory when the socket opens.
    const order = sim.requests.map((r) => r.path);
    expect(order.indexOf(`/settings/set/${NAME}`)).toBeLessThan(order.indexOf(`/instance/connect/${NAME}`));
    // The webhook's events follow the options too.
    expect(sim.instances.get(NAME)!.webhook!.events).toContain('MESSAGES_SET');
  });

  it('a restart with the options unchanged reads the settings and writes nothing', async () => {
    await sim.scanQr(NAME);
    await eventually(async () => (await api.get(`/whatsapp/${channelId}`, { token: t.admin.token })).body.status === 'connected');
    const [finds, sets] = [settingsRequests('find').length, settingsRequests('set').length];
    expect((await start()).status).toBe('connected');
    expect(settingsRequests('find')).toHaveLength(finds + 1);
    expect(settingsRequests('set')).toHaveLength(sets);
  });

  it('changed options reach a connected instance on the next restart, and its other settings survive', async () => {
    const sets = settingsRequests('set').length;
    await edit({ importGroups: false });
    // The edit alone does not start the channel (update-channel.ts): nothing is written yet.
    expect(settingsRequests('set')).toHaveLength(sets);
    expect(sim.instances.get(NAME)!.settings.groupsIgnore).toBe(false);

    expect((await start()).status).toBe('connected');
    expect(settingsRequests('set')).toHaveLength(sets + 1);
    expect(settingsRequests('set').at(-1)!.body).toEqual({ ...tenantSettings, groupsIgnore: true, syncFullHistory: true, wavoipToken: '' });
    expect(sim.instances.get(NAME)!.settings).toEqual({ ...tenantSettings, groupsIgnore: true, syncFullHistory: true });

    await edit({ importOldMessages: false });
    await start();
    expect(settingsRequests('set')).toHaveLength(sets + 2);
    expect(sim.instances.get(NAME)!.settings).toEqual({ ...tenantSettings, groupsIgnore: true, syncFullHistory: false });
    expect(sim.instances.get(NAME)!.webhook!.events).not.toContain('MESSAGES_SET');
  });

  it('writes a complete body whatever the instance had: null columns as neutral values, no row as defaults, unknown keys kept', () => {
    expect(
      instanceSettingsBody(
        {
          rejectCall: null,
          msgCall: null,
          groupsIgnore: true,
          alwaysOnline: null,
          readMessages: true,
          readStatus: null,
          syncFullHistory: null,
          newsletterIgnore: false,
        },
        { syncFullHistory: true },
      ),
    ).toEqual({
      rejectCall: false,
      msgCall: '',
      groupsIgnore: true,
      alwaysOnline: false,
      readMessages: true,
      readStatus: false,
      syncFullHistory: true,
      newsletterIgnore: false,
    });
    expect(instanceSettingsBody(null, { groupsIgnore: false })).toEqual({
      rejectCall: false,
      msgCall: '',
      groupsIgnore: false,
      alwaysOnline: false,
      readMessages: false,
      readStatus: false,
      syncFullHistory: false,
    });
  });
});
