/**
 * The `whatsapp` channel (whatsapp-web.js) driven through the library's own event interface: a
 * stand-in Client emits recorded payloads (fixtures/, wrapped in the library's Message and
 * Reaction classes) and the tests check statuses, tickets, sends, acks, edits, deletions,
 * reactions and the login kept in the database. Real WhatsApp Web is not reachable here.
 */
import { sql } from 'drizzle-orm';
import WAWebJS from 'whatsapp-web.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../../../test/api.js';
import { startTestServer, type TestServer } from '../../../../../test/harness.js';
import {
  buildInboxTenant,
  closeAllSockets,
  connectAgent,
  count,
  eventually,
  rows,
  type AgentSocket,
  type InboxTenant, settledMessageRow } from '../../../../../test/inbox.js';
import { upsertAuthState } from '../../sessions/auth-state.repository.js';
import { findChannelById } from '../../channels.repository.js';
import { registerSessionDriver, sendThroughSession, stopSessionHost } from '../../sessions/session-host.js';
import { readFixture, RecordedClient } from './fixtures/recorded-client.js';
import { CHROMIUM_ARGS, createWhatsappDriver, whatsappWebDriver } from './whatsapp.driver.js';
import { WWEBJS_AUTH_CATEGORY } from './whatsapp.auth-store.js';

/** A recorded payload (fixtures/), loosely typed for the assertions. */
const fixture = (name: string): any => readFixture(name);

const PNG = Buffer.from(fixture('inbound-image.download').data, 'base64');
const CUSTOMER = '5511988887777';
const OWN_NUMBER = '5511900001111';

let server: TestServer;
let api: Api;
let t: InboxTenant;
let watcher: AgentSocket;
/** Every client the driver built, newest last. */
const clients: RecordedClient[] = [];
let channelId: number;

function useRecordedDriver(options: { pairingTimeoutMs?: number } = {}) {
  registerSessionDriver(
    createWhatsappDriver({
      createClient: (clientOptions) => {
        const client = new RecordedClient(clientOptions);
        clients.push(client);
        return client;
      },
      pairingTimeoutMs: options.pairingTimeoutMs ?? 60_000,
      backoff: { firstMs: 50, maxMs: 200 },
    }),
  );
}

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
  t = await buildInboxTenant(server);
  watcher = await connectAgent(server.url, t.admin.token);
  useRecordedDriver();
}, 60_000);

afterAll(async () => {
  closeAllSockets();
  if (server) await stopSessionHost(server.ctx);
  registerSessionDriver(whatsappWebDriver);
  await server?.close();
});

const channelRow = async (id = channelId) => (await rows(server.ctx, sql`select * from channels where id = ${id}`))[0];
const messagesOf = (externalId: string) =>
  rows(server.ctx, sql`select * from messages where channel_id = ${channelId} and external_id = ${externalId}`);
const authEntries = (id = channelId) => count(server.ctx, sql`select count(*) from channel_auth_state where channel_id = ${id}`);
const sessionPush = (id: number, status: string, extra: (session: any) => boolean = () => true) =>
  watcher.waitFor('whatsappSession', (p) => p.session?.id === id && p.session.status === status && extra(p.session), 10_000);

async function createChannel(name: string, settings: Record<string, unknown> = {}): Promise<{ id: number; client: RecordedClient }> {
  const before = clients.length;
  const created = await api.post('/whatsapp', { name, type: 'whatsapp', queueId: t.queue.id, settings }, { token: t.admin.token });
  expect(created.status).toBe(201);
  const client = await eventually(async () => (clients.length > before ? clients.at(-1) : undefined));
  return { id: created.body.id as number, client: client! };
}

async function storedMessage(externalId: string) {
  return eventually(async () => (await messagesOf(externalId))[0]);
}

async function ticketOfCustomer(): Promise<number> {
  const [row] = await rows(
    server.ctx,
    sql`select t.id from tickets t join contacts c on c.id = t.contact_id where t.channel_id = ${channelId} and c.number = ${CUSTOMER} order by t.id desc limit 1`,
  );
  return Number(row.id);
}

async function reply(body: string): Promise<string> {
  const response = await api.post(`/messages/${await ticketOfCustomer()}`, { body }, { token: t.agent.token });
  expect(response.status).toBe(201);
  return response.body.id as string;
}

const sentRow = (messageId: string) => settledMessageRow(server.ctx, messageId);

describe('whatsapp channel (whatsapp-web.js, recorded events)', () => {
  let client: RecordedClient;

  it('starts WhatsApp Web in Debian Chromium with the login kept in the database, and shows the QR code as an image', async () => {
    ({ id: channelId, client } = await createChannel('WhatsApp Web'));
    expect(client.called('initialize')).toHaveLength(1);
    expect(client.options.puppeteer).toMatchObject({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
    expect(client.options.authStrategy).toBeInstanceOf(WAWebJS.RemoteAuth);
    expect(client.options.authStrategy).toMatchObject({ clientId: `channel-${channelId}` });

    client.emit(
      'qr',
      '2@Lw3v1qNqg2m1yYk0Zs8x+bJb7rH3nV0mA==,kq0ySx9G9bqY1yQ1wz1c1z8nYpWfY1T0V3g8nH0X0m4=,8Cq3rZf8h1Jb2kXo2U7m8w==,Q0x3b1h3rJq8YV0k7y1uQ4b9+eYd6u4oZr0nN1w3v8A=',
    );
    const pushed = await sessionPush(
      channelId,
      'qrcode',
      (s) => typeof s.qrcode === 'string' && s.qrcode.startsWith('data:image/png;base64,'),
    );
    const image = Buffer.from(pushed.session.qrcode.slice('data:image/png;base64,'.length), 'base64');
    expect(image.subarray(1, 4).toString()).toBe('PNG');
    expect(await channelRow()).toMatchObject({ status: 'qrcode' });
  });

  it('is opening once the phone scanned, then connected with its number', async () => {
    client.emit('authenticated');
    await sessionPush(channelId, 'opening', (s) => s.qrcode === null);
    client.info = { wid: { user: OWN_NUMBER, _serialized: `${OWN_NUMBER}@c.us` } };
    client.emit('ready');
    await sessionPush(channelId, 'connected');
    expect(await channelRow()).toMatchObject({ status: 'connected', number: OWN_NUMBER, qrcode: null });
  });

  it('stores an inbound text on a ticket, once', async () => {
    const recorded = fixture('inbound-text');
    client.emit('message', client.message(recorded));
    const message = await storedMessage(recorded.id._serialized);
    expect(message).toMatchObject({ body: 'Olá, preciso de ajuda com meu pedido', from_me: false });
    expect(new Date(message.timestamp as string).getTime()).toBe(recorded.t * 1000);
    const [contact] = await rows(server.ctx, sql`select * from contacts where id = ${message.contact_id}`);
    expect(contact).toMatchObject({ number: CUSTOMER, name: 'Maria Cliente' });
    const [ticket] = await rows(server.ctx, sql`select * from tickets where id = ${message.ticket_id}`);
    expect(ticket).toMatchObject({ channel_id: channelId, queue_id: t.queue.id, status: 'pending' });

    // WhatsApp Web may hand the same message again (a reload): stored once.
    client.emit('message', client.message(recorded));
    client.emit('message', client.message(fixture('inbound-group')));
    const marker = fixture('inbound-text');
    marker.id = { ...marker.id, id: 'MARKER', _serialized: `false_${CUSTOMER}@c.us_MARKER` };
    client.emit('message', client.message(marker));
    await storedMessage(marker.id._serialized);
    expect(await messagesOf(recorded.id._serialized)).toHaveLength(1);
    // Groups are not tickets.
    expect(await count(server.ctx, sql`select count(*) from messages where channel_id = ${channelId} and external_id like '%@g.us%'`)).toBe(
      0,
    );
  });

  it('stores inbound media downloaded through the library, and keeps a message whose media cannot be downloaded', async () => {
    const recorded = fixture('inbound-image');
    client.pageAnswers.push(fixture('inbound-image.download'));
    client.emit('message', client.message(recorded));
    const message = await storedMessage(recorded.id._serialized);
    expect(message).toMatchObject({ body: 'a foto do produto', media_type: 'image', media_mime: 'image/png', media_size: PNG.length });
    expect(await server.ctx.media.read(message.media_key as string)).toEqual(PNG);
    // Message.downloadMedia asked the page for this message.
    expect(client.called('pupPage.evaluate').at(-1)!.args).toEqual([recorded.id._serialized]);

    // The page finds no media any more (expired): the message is kept with a note.
    const expired = { ...recorded, id: { ...recorded.id, id: 'EXPIRED', _serialized: `false_${CUSTOMER}@c.us_EXPIRED` } };
    client.emit('message', client.message(expired));
    const kept = await storedMessage(expired.id._serialized);
    expect(kept).toMatchObject({ body: 'a foto do produto\n[image could not be downloaded]', media_key: null });
  });

  it('stores locations and contact cards as text', async () => {
    const location = fixture('inbound-location');
    const vcard = fixture('inbound-vcard');
    client.emit('message', client.message(location));
    client.emit('message', client.message(vcard));
    expect((await storedMessage(location.id._serialized)).body).toBe(
      '📍 Museu de Arte de São Paulo\nAv. Paulista, 1578 - Bela Vista, São Paulo - SP\nhttps://maps.google.com/maps?q=-23.5613,-46.6565',
    );
    expect((await storedMessage(vcard.id._serialized)).body).toBe('👤 João Souza: +55 21 97777-6666');
  });

  it("sends a reply to the customer's chat id and the acks move its ticks", async () => {
    const messageId = await reply('Claro, como posso ajudar?');
    const row = await sentRow(messageId);
    const sent = fixture('outbound-sent');
    expect(row).toMatchObject({ status: 'sent', ack: 1, external_id: sent.id._serialized });
    expect(client.called('sendMessage').at(-1)!.args).toEqual([`${CUSTOMER}@c.us`, 'Claro, como posso ajudar?', {}]);

    client.emit('message_ack', client.message(sent), WAWebJS.MessageAck.ACK_DEVICE);
    await eventually(async () => ((await messagesOf(sent.id._serialized))[0].ack === 2 ? true : undefined));
    expect((await messagesOf(sent.id._serialized))[0]).toMatchObject({ status: 'delivered', ack: 2 });
    client.emit('message_ack', client.message(sent), WAWebJS.MessageAck.ACK_READ);
    await watcher.waitFor('appMessage', (p) => p.message?.id === messageId && p.message.ack === 3, 10_000);
    // A late server ack never undoes the read one.
    client.emit('message_ack', client.message(sent), WAWebJS.MessageAck.ACK_SERVER);
    client.emit(
      'message',
      client.message({
        ...fixture('inbound-text'),
        id: { fromMe: false, remote: `${CUSTOMER}@c.us`, id: 'AFTERACK', _serialized: `false_${CUSTOMER}@c.us_AFTERACK` },
      }),
    );
    await storedMessage(`false_${CUSTOMER}@c.us_AFTERACK`);
    expect((await messagesOf(sent.id._serialized))[0]).toMatchObject({ status: 'read', ack: 3 });
  });

  it('sends media from the media store as a MessageMedia, quoting the message replied to', async () => {
    const [quoted] = await messagesOf(fixture('inbound-text').id._serialized);
    const key = await server.ctx.media.save(t.tenant.id, PNG);
    const nextSent = {
      ...fixture('outbound-sent'),
      id: { fromMe: true, remote: `${CUSTOMER}@c.us`, id: '3EB0MEDIA', _serialized: `true_${CUSTOMER}@c.us_3EB0MEDIA` },
    };
    client.nextSent = nextSent;
    const channel = await findChannelById(server.ctx.db, t.tenant.id, channelId);
    const result = await sendThroughSession(server.ctx, channel!, {
      messageId: '00000000-0000-4000-8000-000000000001',
      ticketId: Number(quoted.ticket_id),
      contact: { id: Number(quoted.contact_id), number: CUSTOMER, externalKey: null },
      body: 'segue a foto',
      media: { key, name: 'foto.png', mime: 'image/png', type: 'image' },
      quotedExternalId: quoted.external_id as string,
    });
    expect(result).toEqual({ externalId: nextSent.id._serialized, status: 'sent' });
    const [chatId, content, options] = client.called('sendMessage').at(-1)!.args as [
      string,
      WAWebJS.MessageMedia,
      WAWebJS.MessageSendOptions,
    ];
    expect(chatId).toBe(`${CUSTOMER}@c.us`);
    expect(content).toBeInstanceOf(WAWebJS.MessageMedia);
    expect(content).toMatchObject({ mimetype: 'image/png', filename: 'foto.png', data: PNG.toString('base64') });
    expect(options).toEqual({ quotedMessageId: quoted.external_id, caption: 'segue a foto' });
  });

  it("edits and deletes an agent's message for everyone through the library's Message", async () => {
    const messageId = await reply('texto com erro');
    const row = await sentRow(messageId);
    const externalId = row!.external_id as string;

    // The page answers the edit with the edited message.
    client.pageAnswers.push({ ...fixture('outbound-sent'), body: 'texto corrigido' });
    const edited = await api.request('PATCH', `/messages/${messageId}`, { token: t.agent.token, body: { body: 'texto corrigido' } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ body: 'texto corrigido', edited: true });
    expect(client.called('getMessageById').at(-1)!.args).toEqual([externalId]);
    expect(client.called('pupPage.evaluate').at(-1)!.args.slice(0, 2)).toEqual([externalId, 'texto corrigido']);

    const deleted = await api.request('DELETE', '/messages', { token: t.agent.token, body: { id: messageId } });
    expect(deleted.status).toBe(200);
    // Message.delete(everyone = true) asked the page to revoke it.
    expect(client.called('pupPage.evaluate').at(-1)!.args.slice(0, 2)).toEqual([externalId, true]);
    expect((await rows(server.ctx, sql`select deleted from messages where id = ${messageId}`))[0]).toMatchObject({ deleted: true });
  });

  it("applies the customer's edits and deletions for everyone, and stores reactions", async () => {
    const recorded = fixture('inbound-text');
    client.emit('message_edit', client.message(recorded), 'Olá, preciso de ajuda com meu pedido 123', recorded.body);
    await eventually(async () => ((await messagesOf(recorded.id._serialized))[0].edited ? true : undefined));
    expect((await messagesOf(recorded.id._serialized))[0]).toMatchObject({
      body: 'Olá, preciso de ajuda com meu pedido 123',
      edited: true,
    });

    const location = fixture('inbound-location');
    client.emit('message_revoke_everyone', client.message({ ...location, type: 'revoked', body: '' }), client.message(location));
    await eventually(async () => ((await messagesOf(location.id._serialized))[0].deleted ? true : undefined));

    const reaction = fixture('inbound-reaction');
    client.emit('message_reaction', client.reaction(reaction));
    expect(await storedMessage(reaction.msgKey._serialized)).toMatchObject({ body: '👍 (reaction)', from_me: false });
    // A removed reaction (empty text) stores nothing.
    client.emit(
      'message_reaction',
      client.reaction({
        ...reaction,
        msgKey: { ...reaction.msgKey, id: 'REMOVED', _serialized: `false_${CUSTOMER}@c.us_REMOVED` },
        reactionText: '',
      }),
    );
    client.emit(
      'message',
      client.message({ ...recorded, id: { ...recorded.id, id: 'AFTERREACT', _serialized: `false_${CUSTOMER}@c.us_AFTERREACT` } }),
    );
    await storedMessage(`false_${CUSTOMER}@c.us_AFTERREACT`);
    expect(await messagesOf(`false_${CUSTOMER}@c.us_REMOVED`)).toHaveLength(0);
  });

  it('reconnects by itself with backoff when the connection is lost', async () => {
    const before = clients.length;
    client.emit('disconnected', 'NAVIGATION');
    await sessionPush(channelId, 'opening', () => true);
    const next = await eventually(async () => (clients.length > before ? clients.at(-1) : undefined));
    expect(client.called('destroy')).toHaveLength(1);
    expect(next!.called('initialize')).toHaveLength(1);
    client = next!;
    client.info = { wid: { user: OWN_NUMBER, _serialized: `${OWN_NUMBER}@c.us` } };
    client.emit('ready');
    await eventually(async () => ((await channelRow()).status === 'connected' ? true : undefined));
  });

  it('a logout from the phone forgets the stored login and ends the session', async () => {
    await upsertAuthState(server.ctx.db, { tenantId: t.tenant.id, channelId }, [
      { category: WWEBJS_AUTH_CATEGORY, key: `RemoteAuth-channel-${channelId}`, value: 'UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==' },
    ]);
    expect(await authEntries()).toBe(1);
    client.emit('disconnected', 'LOGOUT');
    await eventually(async () => ((await channelRow()).status === 'disconnected' && (await authEntries()) === 0 ? true : undefined));
    // The host closed the session: the client is destroyed and no new one is built.
    await eventually(async () => (client.called('destroy').length === 1 ? true : undefined));
    const total = clients.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(clients.length).toBe(total);
    expect(await count(server.ctx, sql`select count(*) from channel_session_leases where channel_id = ${channelId}`)).toBe(0);
  });

  it('an authentication failure forgets the stored login', async () => {
    const started = await api.post(`/whatsapp/${channelId}/start`, {}, { token: t.admin.token });
    expect(started.status).toBe(200);
    client = clients.at(-1)!;
    await upsertAuthState(server.ctx.db, { tenantId: t.tenant.id, channelId }, [
      { category: WWEBJS_AUTH_CATEGORY, key: `RemoteAuth-channel-${channelId}`, value: 'UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==' },
    ]);
    client.emit('auth_failure', 'Unable to log in. Are the session details valid?');
    await eventually(async () => ((await channelRow()).status === 'disconnected' && (await authEntries()) === 0 ? true : undefined));
  });

  it('logs in with a pairing code when a pairing number is set', async () => {
    const { id, client: paired } = await createChannel('WhatsApp Web (pairing code)', { pairingNumber: '5511977776666' });
    paired.emit('qr', '2@recorded-qr');
    await sessionPush(id, 'qrcode', (s) => s.qrcode === 'WZYX1234');
    expect(paired.called('requestPairingCode')).toEqual([{ method: 'requestPairingCode', args: ['5511977776666'] }]);
    // The code is renewed by the page ('code' event); later QR codes do not replace it.
    paired.emit('qr', '2@recorded-qr-2');
    paired.emit('code', 'ABCD5678');
    await sessionPush(id, 'qrcode', (s) => s.qrcode === 'ABCD5678');
    expect(paired.called('requestPairingCode')).toHaveLength(1);
    const stopped = await api.post(`/whatsapp/${id}/stop`, {}, { token: t.admin.token });
    expect(stopped.status).toBe(200);
    expect(paired.called('logout')).toHaveLength(1);
    expect(paired.called('destroy')).toHaveLength(1);
  });

  it('is pairingTimeout when nobody scans the QR code in time', async () => {
    useRecordedDriver({ pairingTimeoutMs: 300 });
    try {
      const { id, client: waiting } = await createChannel('WhatsApp Web (never scanned)');
      waiting.emit('qr', '2@recorded-qr');
      await sessionPush(id, 'pairingTimeout');
      await eventually(async () => (waiting.called('destroy').length === 1 ? true : undefined));
      expect((await channelRow(id)).status).toBe('pairingTimeout');
    } finally {
      useRecordedDriver();
    }
  });
});
