/**
 * The `baileys` channel driven through Baileys' own event interface with recorded payloads
 * (fixtures/): QR code and pairing code, connection states, inbound messages of every kind to a
 * ticket, acks, edits and deletions, outbound sends through the session queue, logout, and the
 * creds/keys kept in the database. Nothing here reaches WhatsApp.
 */
import { BufferJSON, initAuthCreds, proto, type UserFacingSocketConfig } from 'baileys';
import { sql } from 'drizzle-orm';
import { HttpsProxyAgent } from 'https-proxy-agent';
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
  type InboxTenant,
} from '../../../../../test/inbox.js';
import { findChannelById, type ChannelRow } from '../../channels.repository.js';
import { countAuthState } from '../../sessions/auth-state.repository.js';
import { registerSessionDriver, sessionHostOf, sessionQueueName, startSessionHost, stopSessionHost } from '../../sessions/session-host.js';
import { baileysAdapter } from './baileys.adapter.js';
import { useDatabaseAuthState } from './baileys.auth-state.js';
import { contentFor, createBaileysDriver } from './baileys.driver.js';
import { baileysSettingsSchema } from './baileys.schemas.js';
import {
  connectionUpdate,
  fieldPaths,
  messagesUpdate,
  messagesUpsert,
  messagingHistorySet,
  RecordedSocket,
  upsertNames,
} from './fixtures/recorded-socket.js';
import { contentOf } from './baileys.inbound.js';

/** A real 1×1 PNG, standing for the decrypted image. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const CUSTOMER = '5511988887777';
const PHONE_JID = '5511955554444:17@s.whatsapp.net';
const MAX_BACKOFF_MS = 100;

/** The server's log, kept: the drivers' log lines mark the branch they took. */
const log = recordingLogger();
let server: TestServer;
let api: Api;
let t: InboxTenant;
let watcher: AgentSocket;
const sockets: RecordedSocket[] = [];
/** Message ids whose media download fails (an expired media URL). */
const undownloadable = new Set(['3EB0A1B2C3D4E5F60721']);

beforeAll(async () => {
  server = await startTestServer({}, { logger: log.logger });
  api = new Api(server.url);
  registerSessionDriver(
    createBaileysDriver({
      makeSocket: (config: UserFacingSocketConfig) => {
        const socket = new RecordedSocket(config);
        sockets.push(socket);
        return socket;
      },
      download: async (message) => {
        if (undownloadable.has(message.key.id ?? '')) throw new Error('media URL expired (410)');
        return PNG;
      },
      backoffMs: 20,
      maxBackoffMs: MAX_BACKOFF_MS,
    }),
  );
  await startSessionHost(server.ctx, { owner: 'baileys-test', leaseTtlMs: 10_000, sweepEveryMs: 60_000 });
  t = await buildInboxTenant(server);
  watcher = await connectAgent(server.url, t.admin.token);
}, 120_000);

afterAll(async () => {
  closeAllSockets();
  if (server) await stopSessionHost(server.ctx);
  await server?.close();
});

const socket = () => sockets[sockets.length - 1];
const channelRow = async (id: number) => (await findChannelById(server.ctx.db, t.tenant.id, id))!;
const statusOf = async (id: number) => (await channelRow(id)).status;
const messageOf = async (channelId: number, externalId: string) =>
  (await rows(server.ctx, sql`select * from messages where channel_id = ${channelId} and external_id = ${externalId}`))[0];

async function createChannel(name: string, settings: Record<string, unknown> = {}): Promise<ChannelRow> {
  const before = sockets.length;
  const created = await api.post('/whatsapp', { name, type: 'baileys', queueId: t.queue.id, settings }, { token: t.admin.token });
  expect(created.status).toBe(201);
  expect(sockets.length).toBe(before + 1);
  return channelRow(created.body.id as number);
}

/**
 * A positive marker for "nothing happened": a later customer message on the same socket. The session
 * handles its events one batch at a time, in order, so once the marker is stored every event emitted
 * before it was handled.
 */
async function marker(on: RecordedSocket, channelId: number, id: string): Promise<void> {
  const upsert = messagesUpsert('text');
  upsert.messages[0].key.id = id;
  on.emit('messages.upsert', upsert);
  await eventually(() => messageOf(channelId, id), { what: `the marker ${id} to be stored` });
}

/** Emits the recorded events of a phone scanning the QR code, and waits until the channel is connected. */
async function connect(channel: ChannelRow): Promise<void> {
  socket().user = { id: PHONE_JID };
  socket().emit('creds.update', { me: { id: PHONE_JID, name: 'Loja' } });
  socket().emit('connection.update', connectionUpdate('open'));
  expect(await eventually(async () => (await statusOf(channel.id)) === 'connected')).toBeTruthy();
}

describe('baileys channel', () => {
  let channel: ChannelRow;

  it('shows the QR code live, then is connected with the phone number once scanned', async () => {
    channel = await createChannel('Baileys');
    expect(sockets).toHaveLength(1);
    socket().emit('connection.update', connectionUpdate('connecting'));
    expect(await eventually(async () => (await statusOf(channel.id)) === 'opening')).toBeTruthy();

    socket().emit('connection.update', connectionUpdate('qr'));
    const pushed = await watcher.waitFor('whatsappSession', (p) => p.session?.id === channel.id && p.session.status === 'qrcode', 10_000);
    expect(pushed.session.qrcode).toMatch(/^data:image\/png;base64,/);
    expect((await channelRow(channel.id)).qrcode).toBe(pushed.session.qrcode);

    await connect(channel);
    const connected = await channelRow(channel.id);
    expect(connected).toMatchObject({ status: 'connected', qrcode: null, number: '5511955554444' });
    await watcher.waitFor('whatsappSession', (p) => p.session?.id === channel.id && p.session.status === 'connected', 10_000);
    // The creds Baileys updated are in the database, not in files.
    expect(
      await eventually(async () => (await countAuthState(server.ctx.db, { tenantId: t.tenant.id, channelId: channel.id })) > 0),
    ).toBeTruthy();
    const auth = await useDatabaseAuthState(server.ctx, channel);
    expect(auth.state.creds.me?.id).toBe(PHONE_JID);
  });

  it("fixtures match Baileys' protobuf definitions", () => {
    for (const name of upsertNames()) {
      for (const message of messagesUpsert(name).messages) {
        // A field Baileys' protobuf does not define would be dropped on the way through it.
        const through = proto.WebMessageInfo.toObject(
          proto.WebMessageInfo.decode(proto.WebMessageInfo.encode(proto.WebMessageInfo.fromObject(message)).finish()),
          { defaults: false, longs: String, bytes: String },
        );
        const known = new Set(fieldPaths(through));
        const { remoteJidAlt: _alt, addressingMode: _mode, ...protoKey } = message.key;
        for (const path of fieldPaths({ ...message, key: protoKey })) expect(known.has(path), `${name}: ${path}`).toBe(true);
      }
    }
  });

  it('stores an inbound text on a ticket once, with the sender name, and a quoted reply', async () => {
    socket().emit('messages.upsert', messagesUpsert('text'));
    const message = await eventually(() => messageOf(channel.id, '3EB0A1B2C3D4E5F60718'));
    expect(message).toMatchObject({ body: 'Olá, preciso de ajuda', from_me: false });
    const [contact] = await rows(server.ctx, sql`select * from contacts where id = ${message.contact_id}`);
    expect(contact).toMatchObject({ number: CUSTOMER, name: 'Maria Cliente' });
    const [ticket] = await rows(server.ctx, sql`select * from tickets where id = ${message.ticket_id}`);
    expect(ticket).toMatchObject({ channel_id: channel.id, queue_id: t.queue.id, status: 'pending' });

    // Baileys re-delivers after a reconnection: nothing twice.
    socket().emit('messages.upsert', messagesUpsert('text'));
    socket().emit('messages.upsert', messagesUpsert('extendedTextQuoted'));
    const quoted = await eventually(() => messageOf(channel.id, '3EB0A1B2C3D4E5F60719'));
    expect(quoted).toMatchObject({ body: 'Sobre isso: https://example.com', ticket_id: message.ticket_id });
    // The quote is handed to the pipeline as quotedExternalId (ingestInbound does not store inbound quotes yet).
    expect(contentOf(messagesUpsert('extendedTextQuoted').messages[0])).toMatchObject({ kind: 'message', quoted: '3EB0A1B2C3D4E5F60718' });
    expect(
      await count(server.ctx, sql`select count(*) from messages where channel_id = ${channel.id} and external_id = '3EB0A1B2C3D4E5F60718'`),
    ).toBe(1);
  });

  it('stores inbound media through the download function, and a message with a note when the download fails', async () => {
    socket().emit('messages.upsert', messagesUpsert('image'));
    const image = await eventually(() => messageOf(channel.id, '3EB0A1B2C3D4E5F60720'));
    expect(image).toMatchObject({ body: 'Foto do produto', media_type: 'image', media_mime: 'image/png', media_size: PNG.length });
    expect(await server.ctx.media.read(image.media_key as string)).toEqual(PNG);

    socket().emit('messages.upsert', messagesUpsert('documentUndownloadable'));
    const document = await eventually(() => messageOf(channel.id, '3EB0A1B2C3D4E5F60721'));
    expect(document).toMatchObject({ body: 'Segue o boleto\n[document could not be downloaded]', media_type: null });
  });

  it('maps locations, contact cards and @lid chats; skips groups (not taken by this channel) and statuses', async () => {
    // Handled one after another in this order: once the last is stored, the skipped ones were handled.
    for (const name of ['group', 'statusBroadcast', 'location', 'contact', 'lidChat'])
      socket().emit('messages.upsert', messagesUpsert(name));
    const lid = await eventually(() => messageOf(channel.id, '3EB0A1B2C3D4E5F60728'));
    expect(lid.body).toBe('Mensagem de um chat @lid');
    const [lidContact] = await rows(server.ctx, sql`select * from contacts where id = ${lid.contact_id}`);
    expect(lidContact).toMatchObject({ number: '5511977770000', name: 'Cliente LID' });
    expect((await messageOf(channel.id, '3EB0A1B2C3D4E5F60722')).body).toBe(
      '📍 MASP\nAv. Paulista, 1578 - Bela Vista, São Paulo\nhttps://maps.google.com/maps?q=-23.561414,-46.655881',
    );
    expect((await messageOf(channel.id, '3EB0A1B2C3D4E5F60723')).body).toBe('👤 João Silva: +55 21 97777-6666');
    for (const skipped of ['3EB0A1B2C3D4E5F60729', '3EB0A1B2C3D4E5F60730']) {
      expect(await messageOf(channel.id, skipped)).toBeUndefined();
    }
  });

  it("stores a message typed on the connected phone as the channel's own (sent, not unread), and messages delivered while offline", async () => {
    const [before] = await rows(
      server.ctx,
      sql`select t.* from tickets t join contacts c on c.id = t.contact_id where t.channel_id = ${channel.id} and c.number = ${CUSTOMER}`,
    );
    socket().emit('messages.upsert', messagesUpsert('fromPhone'));
    const typed = await eventually(() => messageOf(channel.id, '3EB0A1B2C3D4E5F60731'));
    expect(typed).toMatchObject({
      body: 'digitado no celular',
      from_me: true,
      status: 'sent',
      ack: 1,
      user_id: null,
      ticket_id: before.id,
    });
    const [after] = await rows(server.ctx, sql`select * from tickets where id = ${before.id}`);
    expect(after).toMatchObject({ unread_messages: 0, answered: true, last_message: 'digitado no celular' });
    // The customer's name is not overwritten by the phone's own push name.
    const [contact] = await rows(server.ctx, sql`select name from contacts where id = ${typed.contact_id}`);
    expect(contact.name).toBe('Maria Cliente');

    // 'append': delivered while the session was offline; kept like a live message.
    socket().emit('messages.upsert', messagesUpsert('offline'));
    const offline = await eventually(() => messageOf(channel.id, '3EB0A1B2C3D4E5F60732'));
    expect(offline).toMatchObject({ body: 'mensagem antiga', from_me: false, ticket_id: before.id });
  });

  it("applies the customer's edits and deletions for everyone to the stored messages", async () => {
    socket().emit('messages.upsert', messagesUpsert('edit'));
    expect(await eventually(async () => (await messageOf(channel.id, '3EB0A1B2C3D4E5F60718')).edited === true)).toBeTruthy();
    expect(await messageOf(channel.id, '3EB0A1B2C3D4E5F60718')).toMatchObject({ body: 'Olá, preciso de ajuda urgente', edited: true });
    socket().emit('messages.upsert', messagesUpsert('revoke'));
    expect(await eventually(async () => (await messageOf(channel.id, '3EB0A1B2C3D4E5F60719')).deleted === true)).toBeTruthy();
    // The protocol messages themselves are not stored as messages.
    expect(await messageOf(channel.id, '3EB0A1B2C3D4E5F60726')).toBeUndefined();
  });

  let outboundId: string;
  let ticketId: number;

  it("sends an agent's reply through the session (sendMessage with the customer's JID), then moves the ticks on acks", async () => {
    const [ticket] = await rows(
      server.ctx,
      sql`select t.id from tickets t join contacts c on c.id = t.contact_id where t.channel_id = ${channel.id} and c.number = ${CUSTOMER}`,
    );
    ticketId = Number(ticket.id);
    const quotedRow = await messageOf(channel.id, '3EB0A1B2C3D4E5F60718');
    const reply = await api.post(
      `/messages/${ticketId}`,
      { body: 'Claro! Como posso ajudar?', quotedMsgId: quotedRow.id },
      { token: t.agent.token },
    );
    expect(reply.status).toBe(201);
    const sent = await eventually(
      async () => {
        const [row] = await rows(server.ctx, sql`select * from messages where id = ${reply.body.id}`);
        return row.status === 'sent' ? row : undefined;
      },
      { timeoutMs: 15_000 },
    );
    if (!sent) throw new Error('the reply was not sent');
    const call = socket().sent.find((s) => s.id === sent.external_id)!;
    expect(call.jid).toBe(`${CUSTOMER}@s.whatsapp.net`);
    expect(call.content).toEqual({ text: 'Claro! Como posso ajudar?' });
    expect(sent.quoted_message_id).toBe(quotedRow.id);
    expect(call.options?.quoted?.key).toMatchObject({ id: '3EB0A1B2C3D4E5F60718', fromMe: false, remoteJid: `${CUSTOMER}@s.whatsapp.net` });
    expect(sent.ack).toBe(1);
    outboundId = sent.external_id as string;

    socket().emit('messages.update', messagesUpdate('delivered', outboundId));
    expect(await eventually(async () => (await messageOf(channel.id, outboundId)).ack === 2)).toBeTruthy();
    socket().emit('messages.update', messagesUpdate('read', outboundId));
    expect(await eventually(async () => (await messageOf(channel.id, outboundId)).ack === 3)).toBeTruthy();
    socket().emit('messages.update', messagesUpdate('lateServerAck', outboundId));
    await marker(socket(), channel.id, '3EB0MARKERAFTERACK01');
    expect(await messageOf(channel.id, outboundId)).toMatchObject({ ack: 3, status: 'read' });
  });

  it("stores a customer's reaction as a message (naming the reacted one); a removed reaction is skipped", async () => {
    socket().emit('messages.upsert', messagesUpsert('reaction', outboundId));
    const reaction = await eventually(() => messageOf(channel.id, '3EB0A1B2C3D4E5F60724'));
    expect(reaction).toMatchObject({ body: '👍 (reaction)', from_me: false });
    expect(contentOf(messagesUpsert('reaction', outboundId).messages[0])).toMatchObject({ kind: 'message', quoted: outboundId });
    socket().emit('messages.upsert', messagesUpsert('reactionRemoved', outboundId));
    await marker(socket(), channel.id, '3EB0MARKERAFTERREACT');
    expect(await messageOf(channel.id, '3EB0A1B2C3D4E5F60725')).toBeUndefined();
  });

  it("a provider echo of Conversa's own send stored first gives way to the agent's message (no duplicate)", async () => {
    // The phone's copy of the send arrives before sendMessage returned its id (it cannot be told apart yet).
    const echo = messagesUpsert('fromPhone');
    echo.messages[0].key.id = '3EB0ECHO00000000000001';
    echo.messages[0].message = { conversation: 'Mensagem com eco' };
    socket().emit('messages.upsert', echo);
    await eventually(() => messageOf(channel.id, '3EB0ECHO00000000000001'));
    socket().nextIds.push('3EB0ECHO00000000000001');
    const reply = await api.post(`/messages/${ticketId}`, { body: 'Mensagem com eco' }, { token: t.agent.token });
    expect(reply.status).toBe(201);
    const sent = await eventually(
      async () => {
        const [row] = await rows(server.ctx, sql`select * from messages where id = ${reply.body.id}`);
        return row.status === 'sent' ? row : undefined;
      },
      { timeoutMs: 15_000 },
    );
    expect(sent).toMatchObject({ external_id: '3EB0ECHO00000000000001', from_me: true });
    expect(await count(server.ctx, sql`select count(*) from messages where channel_id = ${channel.id} and body = 'Mensagem com eco'`)).toBe(
      1,
    );
  });

  it('edits and deletes a sent message for everyone, and builds media content from the stored file', async () => {
    const contact = { id: 0, number: CUSTOMER, externalKey: null };
    await baileysAdapter.editMessage!(server.ctx, channel, { messageId: 'x', externalId: outboundId, contact }, 'Texto corrigido');
    await baileysAdapter.deleteMessage!(server.ctx, channel, { messageId: 'x', externalId: outboundId, contact });
    const [edit, removal] = socket().sent.slice(-2);
    expect(edit).toMatchObject({
      jid: `${CUSTOMER}@s.whatsapp.net`,
      content: { text: 'Texto corrigido', edit: { remoteJid: `${CUSTOMER}@s.whatsapp.net`, id: outboundId, fromMe: true } },
    });
    expect(removal).toMatchObject({ content: { delete: { remoteJid: `${CUSTOMER}@s.whatsapp.net`, id: outboundId, fromMe: true } } });

    const key = await server.ctx.media.save(t.tenant.id, PNG);
    const media = { messageId: 'm', ticketId, contact, body: 'legenda' };
    expect(await contentFor(server.ctx, { ...media, media: { key, name: 'a.png', mime: 'image/png', type: 'image' } })).toEqual({
      image: PNG,
      mimetype: 'image/png',
      caption: 'legenda',
    });
    expect(await contentFor(server.ctx, { ...media, media: { key, name: 'a.pdf', mime: 'application/pdf', type: 'document' } })).toEqual({
      document: PNG,
      mimetype: 'application/pdf',
      fileName: 'a.pdf',
      caption: 'legenda',
    });
  });

  it('reconnects after a dropped connection (new socket, with backoff) with the same creds', async () => {
    const before = sockets.length;
    const creds = socket().config.auth.creds;
    socket().emit('connection.update', connectionUpdate('closeConnectionLost'));
    expect(await eventually(async () => sockets.length === before + 1)).toBeTruthy();
    expect(socket().config.auth.creds.me?.id).toBe(creds.me?.id);
    expect(await statusOf(channel.id)).toBe('opening');
    await connect(channel);
    // A restart request (right after pairing) reconnects too.
    socket().emit('connection.update', connectionUpdate('closeRestartRequired'));
    expect(await eventually(async () => sockets.length === before + 2)).toBeTruthy();
    await connect(channel);
  });

  it('logged out from the phone: the auth state is cleared, the channel is disconnected and its session released', async () => {
    expect(await countAuthState(server.ctx.db, { tenantId: t.tenant.id, channelId: channel.id })).toBeGreaterThan(0);
    const before = sockets.length;
    socket().emit('connection.update', connectionUpdate('closeLoggedOut'));
    expect(await eventually(async () => (await statusOf(channel.id)) === 'disconnected')).toBeTruthy();
    expect(await eventually(async () => !sessionHostOf(server.ctx).holds(channel.id))).toBeTruthy();
    expect(await countAuthState(server.ctx.db, { tenantId: t.tenant.id, channelId: channel.id })).toBe(0);
    expect(
      await eventually(
        async () => (await count(server.ctx, sql`select count(*) from channel_session_leases where channel_id = ${channel.id}`)) === 0,
      ),
    ).toBeTruthy();
    // The driver took the logout branch (its log line), which schedules no reconnection.
    const loggedOut = await log.waitForLine('baileys session logged out from the phone');
    expect(loggedOut.channelId).toBe(channel.id);
    expect(
      log.lines
        .slice(log.lines.indexOf(loggedOut))
        .filter((line) => line.channelId === channel.id && line.msg === 'baileys connection closed; reconnecting'),
    ).toEqual([]);
    expect(sockets.length).toBe(before); // no reconnection
    // The sweep leaves a deliberately disconnected channel alone.
    await sessionHostOf(server.ctx).sweep();
    expect(sockets.length).toBe(before);
  });

  it('a QR code nobody scans ends in pairingTimeout', async () => {
    const other = await createChannel('Baileys QR');
    socket().emit('connection.update', connectionUpdate('qr'));
    expect(await eventually(async () => (await statusOf(other.id)) === 'qrcode')).toBeTruthy();
    socket().emit('connection.update', connectionUpdate('closeQrTimeout'));
    expect(await eventually(async () => (await statusOf(other.id)) === 'pairingTimeout')).toBeTruthy();
    expect(await eventually(async () => !sessionHostOf(server.ctx).holds(other.id))).toBeTruthy();
  });

  it('logs in with a pairing code when a pairing number is set', async () => {
    const paired = await createChannel('Baileys pairing', { pairingNumber: '5511955554444' });
    socket().emit('connection.update', connectionUpdate('qr'));
    expect(await eventually(async () => (await statusOf(paired.id)) === 'qrcode')).toBeTruthy();
    expect(socket().pairingRequests).toEqual(['5511955554444']);
    expect((await channelRow(paired.id)).qrcode).toBe('K7QX2M9R');
    await connect(paired);
    // Stopping the channel logs the phone out and forgets the login.
    await baileysAdapter.stop(server.ctx, await channelRow(paired.id));
    expect(socket().loggedOut).toBe(true);
    expect(await statusOf(paired.id)).toBe('disconnected');
    expect(await countAuthState(server.ctx.db, { tenantId: t.tenant.id, channelId: paired.id })).toBe(0);
  });

  it('connects through the proxy of the settings; the settings are validated', async () => {
    const proxied = await createChannel('Baileys proxy', {
      useProxy: 'true',
      proxyUrl: 'http://proxy.example.com:3128',
      proxyUser: 'ana',
      proxyPassword: 's3cret',
    });
    const agent = socket().config.agent as unknown as HttpsProxyAgent<string>;
    expect(agent).toBeInstanceOf(HttpsProxyAgent);
    expect(agent.proxy.href).toBe('http://ana:s3cret@proxy.example.com:3128/');
    expect(socket().config.fetchAgent).toBeDefined();
    const shown = await api.get(`/whatsapp/${proxied.id}`, { token: t.admin.token });
    expect(shown.body.settings).toMatchObject({ useProxy: 'true', proxyUrl: 'http://proxy.example.com:3128', proxyPassword: '••••••' });
    await baileysAdapter.stop(server.ctx, proxied);

    expect(baileysSettingsSchema.safeParse({ useProxy: true }).success).toBe(false);
    expect(baileysSettingsSchema.safeParse({ useProxy: 'true', proxyUrl: 'ftp://x' }).success).toBe(false);
    expect(baileysSettingsSchema.safeParse({ pairingNumber: '+55 11' }).success).toBe(false);
    expect(baileysSettingsSchema.parse({ useProxy: false, proxyUrl: 'socks5://10.0.0.1:1080' })).toMatchObject({ useProxy: 'false' });
  });

  it('deleting the channel drops its session queue (pg-boss keeps a table per queue)', async () => {
    // The proxied channel of the test above: its session (stopped since) made the channel's queue.
    const listed = (await api.get('/whatsapp', { token: t.admin.token })).body as { id: number; name: string }[];
    const doomed = listed.find((c) => c.name === 'Baileys proxy')!;
    const queues = () => count(server.ctx, sql`select count(*) from pgboss.queue where name = ${sessionQueueName(doomed.id)}`);
    expect(await eventually(async () => (await queues()) === 1)).toBeTruthy();
    expect((await api.delete(`/whatsapp/${doomed.id}`, { token: t.admin.token })).status).toBe(204);
    expect(await queues()).toBe(0);
  });
});

describe('baileys groups and history import', () => {
  let channel: ChannelRow;
  let importQueueId: number;
  const GROUP = '120363025246125888@g.us';

  it('asks the phone for its full history only when the channel imports it', async () => {
    const queue = await api.post('/queue', { name: 'Importados', color: '#336699' }, { token: t.admin.token });
    expect(queue.status).toBe(201);
    importQueueId = queue.body.id as number;
    channel = await createChannel('Baileys history', {
      importOldMessages: true,
      importFrom: '2026-10-01',
      importTo: '2026-10-31',
      historySyncLimit: 2,
      importGroups: true,
      importQueueId,
      closeImportedTickets: true,
    });
    expect(socket().config).toMatchObject({ syncFullHistory: true, emitOwnEvents: false });
    expect(socket().config.shouldSyncHistoryMessage?.({ syncType: proto.HistorySync.HistorySyncType.FULL })).toBe(true);
    const plain = sockets.find((s) => s.config.syncFullHistory === false);
    expect(plain, 'the first channel (no import) did not ask for the full history').toBeDefined();
    socket().groups.set(GROUP, 'Equipe de Vendas');
    await connect(channel);
  });

  it('a group message makes a group ticket named after the subject, with who wrote it; replies go to the group', async () => {
    socket().emit('messages.upsert', messagesUpsert('group'));
    const message = await eventually(() => messageOf(channel.id, '3EB0A1B2C3D4E5F60729'));
    expect(message).toMatchObject({ body: 'bom dia grupo', sender_name: 'Maria Cliente', from_me: false });
    const [ticket] = await rows(server.ctx, sql`select * from tickets where id = ${message.ticket_id}`);
    const [contact] = await rows(server.ctx, sql`select * from contacts where id = ${message.contact_id}`);
    expect(ticket).toMatchObject({ is_group: true, status: 'pending' });
    expect(contact).toMatchObject({ is_group: true, name: 'Equipe de Vendas', number: null });
    const listed = await api.get(`/messages/${Number(ticket.id)}`, { token: t.admin.token });
    expect(listed.body.messages[0]).toMatchObject({ body: 'bom dia grupo', senderName: 'Maria Cliente' });

    const reply = await api.post(`/messages/${Number(ticket.id)}`, { body: 'Bom dia a todos' }, { token: t.admin.token });
    expect(reply.status).toBe(201);
    const sent = await eventually(async () => socket().sent.find((s) => (s.content as { text?: string }).text === 'Bom dia a todos'), {
      timeoutMs: 15_000,
    });
    expect(sent?.jid).toBe(GROUP);
  });

  it('imports the history chunk: the day range, the newest N per chat, groups, the queue, closed tickets, with progress', async () => {
    const progress = watcher.waitFor('channel:historyImport', (p) => p.channelId === channel.id && p.state === 'done', 15_000);
    socket().emit('messaging-history.set', messagingHistorySet('chunk'));
    const done = await progress;
    expect(done).toMatchObject({ chatsTotal: 2, chatsDone: 2, messagesImported: 3, error: null });

    const paulo = await rows(
      server.ctx,
      sql`select m.*, t.status as ticket_status, t.queue_id as ticket_queue, t.unread_messages, t.last_message, c.name as contact_name
          from messages m join tickets t on t.id = m.ticket_id join contacts c on c.id = m.contact_id
          where m.channel_id = ${channel.id} and c.number = '5511933332222' order by m.created_at`,
    );
    // 2026-10-05..07 are in range; the limit keeps the newest two (one typed on the phone).
    expect(paulo.map((m) => [m.external_id, m.from_me, m.status])).toEqual([
      ['3EB0B1B2C3D4E5F60803', true, 'sent'],
      ['3EB0B1B2C3D4E5F60804', false, 'received'],
    ]);
    expect(paulo[0]).toMatchObject({
      ticket_status: 'closed',
      ticket_queue: importQueueId,
      unread_messages: 0,
      last_message: 'última no período',
      contact_name: 'Paulo Souza',
    });
    expect(new Date(paulo[1].created_at as string).toISOString()).toBe('2026-10-07T12:00:00.000Z');

    const group = await messageOf(channel.id, '3EB0B1B2C3D4E5F60806');
    expect(group).toMatchObject({ sender_name: 'Rita', body: 'bom dia, grupo' });
    const [groupContact] = await rows(server.ctx, sql`select name, is_group from contacts where id = ${group.contact_id}`);
    expect(groupContact).toMatchObject({ name: 'Clientes VIP', is_group: true });
    for (const skipped of ['3EB0B1B2C3D4E5F60801', '3EB0B1B2C3D4E5F60802', '3EB0B1B2C3D4E5F60805', '3EB0B1B2C3D4E5F60807'])
      expect(await messageOf(channel.id, skipped)).toBeUndefined();

    // The same chunk again (a repeated sync): nothing more, no second ticket.
    const tickets = () => count(server.ctx, sql`select count(*) from tickets where channel_id = ${channel.id}`);
    const ticketsBefore = await tickets();
    const doneEvents = () => watcher.received('channel:historyImport', (p) => p.channelId === channel.id && p.state === 'done');
    socket().emit('messaging-history.set', messagingHistorySet('chunk'));
    expect(await eventually(async () => doneEvents().length === 2)).toBeTruthy();
    expect(doneEvents()[1]).toMatchObject({ messagesImported: 0 });
    expect(await tickets()).toBe(ticketsBefore);
    expect(
      await count(server.ctx, sql`select count(*) from messages where channel_id = ${channel.id} and external_id like '3EB0B1B2%'`),
    ).toBe(3);
  });

  it('a channel without the import option ignores history chunks', async () => {
    // The first channel (no import), logged out above: started again, on a live socket.
    const listed = (await api.get('/whatsapp', { token: t.admin.token })).body as { id: number; name: string }[];
    const first = await channelRow(listed.find((c) => c.name === 'Baileys')!.id);
    const opened = sockets.length;
    expect((await api.post(`/whatsapp/${first.id}/start`, undefined, { token: t.admin.token })).status).toBe(200);
    const plain = await eventually(async () => (sockets.length > opened ? socket() : undefined));
    expect(plain.config.syncFullHistory).toBe(false);
    await connect(first);
    const imported = () => count(server.ctx, sql`select count(*) from messages where external_id like '3EB0B1B2%'`);
    const before = await imported();
    plain.emit('messaging-history.set', messagingHistorySet('chunk'));
    await marker(plain, first.id, '3EB0MARKERAFTERCHUNK');
    expect(await imported()).toBe(before);
  });

  it('validates the history options (positive numbers only, valid dates in order)', () => {
    expect(baileysSettingsSchema.safeParse({ historySyncLimit: 0 }).success).toBe(false);
    expect(baileysSettingsSchema.safeParse({ historySyncLimit: -5 }).success).toBe(false);
    expect(baileysSettingsSchema.safeParse({ historySyncLimit: 2.5 }).success).toBe(false);
    expect(baileysSettingsSchema.safeParse({ importFrom: '2026-13-01' }).success).toBe(false);
    expect(baileysSettingsSchema.safeParse({ importFrom: '2026-10-31', importTo: '2026-10-01' }).success).toBe(false);
    expect(baileysSettingsSchema.safeParse({ importFrom: '2026-10-01', importTo: '2026-10-31', historySyncLimit: 50 }).success).toBe(true);
  });
});

describe('database auth state', () => {
  it('round-trips Baileys creds and signal keys (BufferJSON), deletes keys set to null, and clears everything', async () => {
    const channel = (
      await rows(server.ctx, sql`select id, tenant_id from channels where tenant_id = ${t.tenant.id} order by id limit 1`)
    )[0];
    const scope = { id: Number(channel.id), tenantId: t.tenant.id };
    const first = await useDatabaseAuthState(server.ctx, scope);
    await first.clear();
    const fresh = await useDatabaseAuthState(server.ctx, scope);
    const creds = initAuthCreds();
    Object.assign(fresh.state.creds, creds);
    await fresh.saveCreds();
    const preKey = { public: Buffer.from('aa'.repeat(32), 'hex'), private: Buffer.from('bb'.repeat(32), 'hex') };
    const syncKey = {
      keyData: Buffer.from('cc'.repeat(32), 'hex'),
      fingerprint: { rawId: 7, currentIndex: 1, deviceIndexes: [0, 1] },
      timestamp: 1795262400,
    };
    await fresh.state.keys.set({
      'pre-key': { '1': preKey, '2': preKey },
      'app-state-sync-key': { AAAAAA: syncKey },
      session: { 'x.0': Buffer.from('session') },
    });

    const again = await useDatabaseAuthState(server.ctx, scope);
    expect(JSON.stringify(again.state.creds, BufferJSON.replacer)).toBe(JSON.stringify(creds, BufferJSON.replacer));
    expect(Buffer.isBuffer(again.state.creds.noiseKey.private)).toBe(true);
    const preKeys = await again.state.keys.get('pre-key', ['1', '2', '3']);
    expect(Object.keys(preKeys).sort()).toEqual(['1', '2']);
    expect(Buffer.from(preKeys['1'].private).equals(preKey.private)).toBe(true);
    const sync = await again.state.keys.get('app-state-sync-key', ['AAAAAA']);
    expect(sync.AAAAAA).toBeInstanceOf(proto.Message.AppStateSyncKeyData);
    expect(Buffer.from(sync.AAAAAA.keyData!).equals(syncKey.keyData)).toBe(true);

    await again.state.keys.set({ 'pre-key': { '1': null } });
    expect(Object.keys(await again.state.keys.get('pre-key', ['1', '2']))).toEqual(['2']);
    await again.clear();
    expect(await countAuthState(server.ctx.db, { tenantId: t.tenant.id, channelId: scope.id })).toBe(0);
  });
});
