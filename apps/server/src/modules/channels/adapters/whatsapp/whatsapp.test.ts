/**
 * The `whatsapp` channel (whatsapp-web.js) driven through the library's own event interface: a
 * stand-in Client emits recorded payloads (fixtures/, wrapped in the library's Message, Reaction
 * and Chat classes) and the tests check statuses, tickets, sends (and their 'message_create'
 * echoes), messages typed on the phone, groups, the history import, acks, edits, deletions,
 * reactions and the login kept in the database. Real WhatsApp Web is not reachable here.
 */
import { sql } from 'drizzle-orm';
import WAWebJS from 'whatsapp-web.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../../../test/api.js';
import { startTestServer, type TestServer } from '../../../../../test/harness.js';
import { recordingLogger } from '../../../../../test/markers.js';
import {
  buildInboxTenant,
  closeAllSockets,
  connectAgent,
  count,
  eventually,
  rows,
  type AgentSocket,
  buildQueue,
  type InboxTenant,
  settledMessageRow,
} from '../../../../../test/inbox.js';
import { upsertAuthState } from '../../sessions/auth-state.repository.js';
import { findChannelById } from '../../channels.repository.js';
import { registerSessionDriver, sendThroughSession, startSessionHost, stopSessionHost } from '../../sessions/session-host.js';
import { readFixture, RecordedClient } from './fixtures/recorded-client.js';
import { CHROMIUM_ARGS, createWhatsappDriver, whatsappWebDriver } from './whatsapp.driver.js';
import { DEFAULT_HISTORY_FETCH } from './whatsapp.inbound.js';
import { WWEBJS_AUTH_CATEGORY } from './whatsapp.auth-store.js';

/** A recorded payload (fixtures/), loosely typed for the assertions. */
const fixture = (name: string): any => readFixture(name);

const PNG = Buffer.from(fixture('inbound-image.download').data, 'base64');
const CUSTOMER = '5511988887777';
const OWN_NUMBER = '5511900001111';
/** The customer a message typed on the phone goes to (outbound-phone.json). */
const PHONE_CUSTOMER = '5511966665555';
const GROUP = '120363041967849074@g.us';
const HISTORY_CUSTOMER = '5511955554444';
const BACKOFF = { firstMs: 50, maxMs: 200 };

/** The server's log, kept: the drivers' log lines mark the branch they took. */
const log = recordingLogger();
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
      backoff: BACKOFF,
    }),
  );
}

beforeAll(async () => {
  server = await startTestServer({}, { logger: log.logger });
  api = new Api(server.url);
  t = await buildInboxTenant(server);
  watcher = await connectAgent(server.url, t.admin.token);
  useRecordedDriver();
  // As main.ts does: the host renews the leases of the sessions it holds (no sweep needed here).
  await startSessionHost(server.ctx, { owner: 'whatsapp-test', sweepEveryMs: 600_000 });
}, 60_000);

afterAll(async () => {
  closeAllSockets();
  if (server) await stopSessionHost(server.ctx);
  registerSessionDriver(whatsappWebDriver);
  await server?.close();
});

const channelRow = async (id = channelId) => (await rows(server.ctx, sql`select * from channels where id = ${id}`))[0];
const messagesOf = (externalId: string, channel = channelId) =>
  rows(server.ctx, sql`select * from messages where channel_id = ${channel} and external_id = ${externalId}`);
const authEntries = (id = channelId) => count(server.ctx, sql`select count(*) from channel_auth_state where channel_id = ${id}`);
const sessionPush = (id: number, status: string, extra: (session: any) => boolean = () => true) =>
  watcher.waitFor('whatsappSession', (p) => p.session?.id === id && p.session.status === status && extra(p.session), 10_000);

async function createChannel(name: string, settings: Record<string, unknown> = {}): Promise<{ id: number; client: RecordedClient }> {
  const before = clients.length;
  const created = await api.post('/whatsapp', { name, type: 'whatsapp', queueId: t.queue.id, settings }, { token: t.admin.token });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const client = await eventually(async () => (clients.length > before ? clients.at(-1) : undefined));
  return { id: created.body.id as number, client };
}

async function storedMessage(externalId: string, channel = channelId) {
  return eventually(async () => (await messagesOf(externalId, channel))[0], { what: `message ${externalId} to be stored` });
}

/** A recorded message with another id (same chat), as WhatsApp Web would create a new one. */
function withId(recorded: any, id: string): any {
  const chat = recorded.id.remote as string;
  const participant = recorded.id.participant ? `_${recorded.id.participant}` : '';
  return { ...recorded, id: { ...recorded.id, id, _serialized: `${recorded.id.fromMe}_${chat}_${id}${participant}` } };
}

/** A channel whose client connected (scanned and ready), its phone (chats, page answers) prepared before 'ready'. */
async function connectedChannel(name: string, settings: Record<string, unknown>, prepare: (client: RecordedClient) => void = () => {}) {
  const created = await createChannel(name, settings);
  prepare(created.client);
  created.client.emit('authenticated');
  created.client.info = { wid: { user: OWN_NUMBER, _serialized: `${OWN_NUMBER}@c.us` } };
  created.client.emit('ready');
  await sessionPush(created.id, 'connected');
  return created;
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
    // No history import on this channel (importOldMessages off): the phone's chats are not read. The
    // session handles its events in order: once a later message is stored, 'ready' was handled.
    const marker = withId(fixture('inbound-text'), 'AFTERREADY');
    client.emit('message', client.message(marker));
    await storedMessage(marker.id._serialized);
    expect(client.called('getChats')).toHaveLength(0);
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
    // Groups are not tickets while the channel does not take them (importGroups).
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
    // The library's 'message_create' echo of the send (emitted before the send returned) is not a
    // second message: a customer's message emitted after it is handled after it.
    const afterEcho = withId(fixture('inbound-text'), 'AFTERSENDECHO');
    client.emit('message', client.message(afterEcho));
    await storedMessage(afterEcho.id._serialized);
    expect((await messagesOf(sent.id._serialized)).map((m) => [m.id, m.user_id])).toEqual([[messageId, t.agent.id]]);

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
    const externalId = row.external_id as string;

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

  it("stores a message typed on the phone as the channel's own, sent, without making the ticket unread", async () => {
    const typed = fixture('outbound-phone');
    client.emit('message_create', client.message(typed));
    const message = await storedMessage(typed.id._serialized);
    expect(message).toMatchObject({ body: typed.body, from_me: true, status: 'sent', ack: 1, user_id: null, sender_name: null });
    expect(new Date(message.timestamp as string).getTime()).toBe(typed.t * 1000);
    // Named by the number: the notifyName of the phone's own message is the account's name.
    const [contact] = await rows(server.ctx, sql`select * from contacts where id = ${message.contact_id}`);
    expect(contact).toMatchObject({ number: PHONE_CUSTOMER, name: PHONE_CUSTOMER, is_group: false });
    const [ticket] = await rows(server.ctx, sql`select * from tickets where id = ${message.ticket_id}`);
    expect(ticket).toMatchObject({ channel_id: channelId, unread_messages: 0, last_message: typed.body });

    // A customer's message comes as 'message' (and 'message_create'): taken from 'message' only.
    const customer = withId(fixture('inbound-text'), 'ONLYCREATE');
    client.emit('message_create', client.message(customer));
    const marker = withId(typed, '3EB0PHONEMARKER');
    client.emit('message_create', client.message(marker));
    await storedMessage(marker.id._serialized);
    expect(await messagesOf(customer.id._serialized)).toHaveLength(0);
  });

  it("does not store the echo of Conversa's own send, even when it comes before the send returned", async () => {
    const [quoted] = await messagesOf(fixture('inbound-text').id._serialized);
    const echoed = withId(fixture('outbound-sent'), '3EB0ECHOFIRST');
    client.nextSent = echoed;
    client.sendDelayMs = 300;
    const emitted: string[] = [];
    const spy = (message: WAWebJS.Message) => emitted.push(message.id._serialized);
    client.on('message_create', spy);
    try {
      const channel = await findChannelById(server.ctx.db, t.tenant.id, channelId);
      // Through the session only: no send job records the result (nor removes an echo stored first).
      const result = await sendThroughSession(server.ctx, channel!, {
        messageId: '00000000-0000-4000-8000-000000000002',
        ticketId: Number(quoted.ticket_id),
        contact: { id: Number(quoted.contact_id), number: CUSTOMER, externalKey: null },
        body: 'resposta enviada pelo Conversa',
      });
      expect(result.externalId).toBe(echoed.id._serialized);
    } finally {
      client.off('message_create', spy);
      client.sendDelayMs = 20;
    }
    expect(emitted).toEqual([echoed.id._serialized]);
    // Events are handled in order: once a later phone-typed message is stored, the echo was handled.
    const marker = withId(fixture('outbound-phone'), '3EB0AFTERECHO');
    client.emit('message_create', client.message(marker));
    await storedMessage(marker.id._serialized);
    expect(await messagesOf(echoed.id._serialized)).toHaveLength(0);
  });

  it("applies a deletion for everyone from the phone of one of the channel's messages", async () => {
    const typed = fixture('outbound-phone');
    client.emit('message_revoke_everyone', client.message({ ...typed, type: 'revoked', body: '' }), client.message(typed));
    await eventually(async () => ((await messagesOf(typed.id._serialized))[0].deleted ? true : undefined));
    // A revoke naming a customer's message as the phone's own (fromMe) leaves it alone.
    const customer = fixture('inbound-vcard');
    const mismatched = { ...customer, id: { ...customer.id, fromMe: true } };
    client.emit('message_revoke_everyone', client.message({ ...mismatched, type: 'revoked', body: '' }));
    const marker = withId(typed, '3EB0AFTERREVOKE');
    client.emit('message_create', client.message(marker));
    await storedMessage(marker.id._serialized);
    expect((await messagesOf(customer.id._serialized))[0]).toMatchObject({ deleted: false });
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
    expect(next.called('initialize')).toHaveLength(1);
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
    // The host closed the session (the client is destroyed) and then released its lease; no new client is built.
    await eventually(async () => (client.called('destroy').length === 1 ? true : undefined));
    await eventually(
      async () =>
        (await count(server.ctx, sql`select count(*) from channel_session_leases where channel_id = ${channelId}`)) === 0 || undefined,
      { what: 'the session lease to be released' },
    );
    const total = clients.length;
    // The driver took the logout branch (its log line), which schedules no reconnection.
    const loggedOut = await log.waitForLine('whatsapp logged out from the phone');
    expect(loggedOut.channelId).toBe(channelId);
    expect(
      log.lines
        .slice(log.lines.indexOf(loggedOut))
        .filter((line) => line.channelId === channelId && line.msg === 'whatsapp connection lost; reconnecting'),
    ).toEqual([]);
    expect(clients.length).toBe(total);
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

describe('whatsapp channel: groups and the history import', () => {
  beforeAll(async () => {
    // Room for the channels below besides the ones above (the plan's connection limit).
    await rows(server.ctx, sql`update tenants set max_connections = max_connections + 5 where id = ${t.tenant.id} returning id`);
  });

  it("makes group tickets when the channel takes groups, named after the chat, with each participant's name", async () => {
    const { id, client: phone } = await connectedChannel('WhatsApp Web (groups)', { importGroups: true }, (c) => {
      c.chats = fixture('history-chats');
    });
    const recorded = fixture('inbound-group');
    phone.emit('message', phone.message(recorded));
    const message = await storedMessage(recorded.id._serialized, id);
    expect(message).toMatchObject({ body: 'mensagem no grupo', from_me: false, sender_name: 'Maria Cliente' });
    const [contact] = await rows(server.ctx, sql`select * from contacts where id = ${message.contact_id}`);
    expect(contact).toMatchObject({ is_group: true, name: 'Equipe Vendas', number: null, external_key: `whatsapp-group:${GROUP}` });
    const [ticket] = await rows(server.ctx, sql`select * from tickets where id = ${message.ticket_id}`);
    expect(ticket).toMatchObject({ channel_id: id, is_group: true, queue_id: t.queue.id, unread_messages: 1 });

    // A participant without a profile name is named by their number; the group's name was asked once.
    const other = withId(
      { ...recorded, notifyName: undefined, author: '5511944443333@c.us', id: { ...recorded.id, participant: '5511944443333@c.us' } },
      '3AD1ANONYMOUS',
    );
    phone.emit('message', phone.message(other));
    expect(await storedMessage(other.id._serialized, id)).toMatchObject({ sender_name: '5511944443333', ticket_id: message.ticket_id });
    expect(phone.called('getChatById')).toEqual([{ method: 'getChatById', args: [GROUP] }]);

    // Typed on the phone in the group: the channel's own, named by no one.
    const typed = {
      ...fixture('outbound-phone'),
      to: GROUP,
      author: `${OWN_NUMBER}@c.us`,
      id: { fromMe: true, remote: GROUP, id: '3EB0GROUPPHONE', _serialized: `true_${GROUP}_3EB0GROUPPHONE` },
    };
    phone.emit('message_create', phone.message(typed));
    expect(await storedMessage(typed.id._serialized, id)).toMatchObject({
      from_me: true,
      status: 'sent',
      sender_name: null,
      ticket_id: message.ticket_id,
    });

    // A participant's reaction: on the group's ticket, named by their number.
    const reaction = fixture('inbound-reaction');
    const groupReaction = {
      ...reaction,
      msgKey: {
        fromMe: false,
        remote: GROUP,
        id: '3AD1REACTION',
        participant: `${CUSTOMER}@c.us`,
        _serialized: `false_${GROUP}_3AD1REACTION_${CUSTOMER}@c.us`,
      },
      parentMsgKey: recorded.id,
    };
    phone.emit('message_reaction', phone.reaction(groupReaction));
    expect(await storedMessage(groupReaction.msgKey._serialized, id)).toMatchObject({
      body: '👍 (reaction)',
      sender_name: CUSTOMER,
      ticket_id: message.ticket_id,
    });

    // An agent's reply goes to the group's chat, and its echo is not a second message.
    const response = await api.post(`/messages/${Number(message.ticket_id)}`, { body: 'Bom dia, equipe!' }, { token: t.agent.token });
    expect(response.status).toBe(201);
    const row = await sentRow(response.body.id as string);
    expect(phone.called('sendMessage').at(-1)!.args).toEqual([GROUP, 'Bom dia, equipe!', {}]);
    expect(row).toMatchObject({ status: 'sent', external_id: `true_${GROUP}_${fixture('outbound-sent').id.id}` });
    const afterEcho = withId(recorded, '3AD1AFTERECHO');
    phone.emit('message', phone.message(afterEcho));
    await storedMessage(afterEcho.id._serialized, id);
    expect((await messagesOf(row.external_id as string, id)).map((m) => [m.id, m.user_id])).toEqual([[response.body.id, t.agent.id]]);
    // No history import here (importOldMessages off): the phone's chats were not read.
    expect(phone.called('getChats')).toHaveLength(0);
  });

  it("imports the past messages once ready, with the channel's dates, limit, queue and closing, and only once", async () => {
    const importQueue = await buildQueue(server.ctx, t.tenant.id, [t.agent.id]);
    const history = fixture('history-messages');
    const settings = {
      importOldMessages: true,
      importFrom: '2025-11-01',
      importTo: '2025-11-20',
      historySyncLimit: 3,
      importQueueId: importQueue.id,
      closeImportedTickets: true,
    };
    const { id, client: phone } = await connectedChannel('WhatsApp Web (history)', settings, (c) => {
      c.chats = fixture('history-chats');
      for (const [chatId, messages] of Object.entries(history)) c.chatMessages.set(chatId, messages as Record<string, unknown>[]);
      c.pageAnswers.push(fixture('inbound-image.download'));
    });
    const isDone = (p: any) => p.channelId === id && p.state === 'done';
    const done = await watcher.waitFor('channel:historyImport', isDone, 10_000);
    expect(done).toMatchObject({ chatsTotal: 1, chatsDone: 1, messagesImported: 3, error: null });

    // In the date range (the day of importTo included), the newest 3 (notices not counted), oldest first.
    const chat = history[`${HISTORY_CUSTOMER}@c.us`] as any[];
    const byId = (suffix: string) => chat.find((m) => m.id.id.endsWith(suffix));
    const stored = await rows(server.ctx, sql`select * from messages where channel_id = ${id} order by timestamp`);
    expect(stored.map((m) => m.external_id)).toEqual(['H3', 'H4', 'H5'].map((suffix) => byId(suffix).id._serialized));
    expect(stored.map((m) => [m.from_me, m.status, new Date(m.timestamp as string).getTime() / 1000])).toEqual([
      [true, 'sent', byId('H3').t],
      [false, 'received', byId('H4').t],
      [false, 'received', byId('H5').t],
    ]);
    expect(stored[1]).toMatchObject({ body: 'comprovante', media_type: 'image', media_mime: 'image/png', media_size: PNG.length });
    expect(await server.ctx.media.read(stored[1].media_key as string)).toEqual(PNG);

    // One ticket, closed in the import queue, not unread; the contact named after the chat.
    const tickets = await rows(server.ctx, sql`select * from tickets where channel_id = ${id}`);
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({ status: 'closed', queue_id: importQueue.id, unread_messages: 0, is_group: false });
    const [contact] = await rows(server.ctx, sql`select * from contacts where id = ${tickets[0].contact_id}`);
    expect(contact).toMatchObject({ number: HISTORY_CUSTOMER, name: 'Carlos Histórico' });
    // Only the customer's chat was read: not the group (importGroups off), nor the statuses.
    const reads = () => phone.called('pupPage.evaluate').filter((call) => call.args.length === 2 && (call.args[1] as any)?.limit);
    expect(reads().map((call) => call.args)).toEqual([[`${HISTORY_CUSTOMER}@c.us`, { limit: DEFAULT_HISTORY_FETCH }]]);

    // Another 'ready' (a reconnection) reads the chats again and imports (and downloads) nothing more.
    phone.emit('ready');
    await eventually(async () => (watcher.received('channel:historyImport', isDone).length === 2 ? true : undefined), {
      timeoutMs: 10_000,
    });
    expect(watcher.received('channel:historyImport', isDone).at(-1)).toMatchObject({ messagesImported: 0 });
    expect(phone.called('getChats')).toHaveLength(2);
    expect(reads()).toHaveLength(2);
    expect(await count(server.ctx, sql`select count(*) from messages where channel_id = ${id}`)).toBe(3);
    expect(phone.called('pupPage.evaluate').filter((call) => call.args[0] === byId('H4').id._serialized)).toHaveLength(1);
  });

  it('imports groups too when the channel takes them, into open tickets of its own queue without dates or limit', async () => {
    const history = fixture('history-messages');
    const { id } = await connectedChannel('WhatsApp Web (history with groups)', { importOldMessages: true, importGroups: true }, (c) => {
      c.chats = fixture('history-chats');
      for (const [chatId, messages] of Object.entries(history)) c.chatMessages.set(chatId, messages as Record<string, unknown>[]);
      c.pageAnswers.push(fixture('inbound-image.download'));
    });
    const done = await watcher.waitFor('channel:historyImport', (p) => p.channelId === id && p.state === 'done', 10_000);
    // The customer's 6 messages (the notice is not one) and the group's.
    expect(done).toMatchObject({ chatsTotal: 2, messagesImported: 7 });
    const groupMessage = history[GROUP][0];
    const stored = await storedMessage(groupMessage.id._serialized, id);
    expect(stored).toMatchObject({ body: 'reunião às 10h', from_me: false, sender_name: 'Maria Cliente' });
    const [ticket] = await rows(server.ctx, sql`select * from tickets where id = ${stored.ticket_id}`);
    expect(ticket).toMatchObject({ is_group: true, queue_id: t.queue.id, unread_messages: 0 });
    expect(ticket.status).not.toBe('closed');
    const [contact] = await rows(server.ctx, sql`select * from contacts where id = ${ticket.contact_id}`);
    expect(contact).toMatchObject({ is_group: true, name: 'Equipe Vendas' });
  });
});
