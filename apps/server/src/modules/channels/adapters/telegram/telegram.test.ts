import { startTelegramSim, type TelegramSim, type TgUpdate } from '@conversa/simulators';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Api } from '../../../../../test/api.js';
import { startTestServer, type TestServer } from '../../../../../test/harness.js';
import { buildInboxTenant, connectAgent, count, eventually, inboundTicket, rows, type InboxTenant } from '../../../../../test/inbox.js';
import { findChannelById } from '../../channels.repository.js';
import { findMessageById } from '../../../messages/messages.repository.js';
import { telegramAdapter } from './telegram.adapter.js';
import { ingestTelegramUpdate } from './telegram.inbound.js';
import { channelSettings } from '../../channel-secrets.js';
import { readTelegramSettings } from './telegram.settings.js';

// The telegram adapter against the local Bot API simulator: connect, webhooks in, replies out.

let server: TestServer;
let api: Api;
let sim: TelegramSim;
let t: InboxTenant;
let channel: { id: number; publicKey: string };

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const OGG = Buffer.concat([
  Buffer.from('OggS'),
  Buffer.from([0, 2]),
  Buffer.alloc(20),
  Buffer.from([1, 19]),
  Buffer.from('OpusHead'),
  Buffer.alloc(64),
]);

let nextChat = 5000;
const newChat = (first_name = 'Ana', last_name = 'Silva') => ({
  id: ++nextChat,
  first_name,
  last_name,
  username: `user${nextChat}`,
  type: 'private' as const,
});

const messagesOf = (externalId: string) =>
  rows(
    server.ctx,
    sql`select id, ticket_id, body, media_type, media_key, media_mime, media_name, status, ack, from_me from messages where channel_id = ${channel.id} and external_id = ${externalId}`,
  );
const methodCalls = (method: string) => sim.server.requests.filter((r) => r.path === `/bot${sim.token}/${method}`);

async function createTelegramChannel(settings: Record<string, unknown>) {
  return api.post(
    '/whatsapp',
    { name: `Telegram ${Date.now()}`, type: 'telegram', queueId: t.queue.id, settings },
    { token: t.admin.token },
  );
}

/** Waits for the send job to settle a message (sent or failed). */
async function settled(messageId: string, timeoutMs = 10_000) {
  return eventually(
    async () => {
      const row = await findMessageById(server.ctx.db, t.tenant.id, messageId);
      return row && row.status !== 'pending' ? row : undefined;
    },
    { timeoutMs, intervalMs: 100, what: `message ${messageId} to be settled (not pending)` },
  );
}

beforeAll(async () => {
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  api = new Api(server.url);
  sim = await startTelegramSim();
  t = await buildInboxTenant(server);
});
afterAll(async () => {
  await sim?.close();
  await server?.close();
});

describe('connect', () => {
  it('POST /whatsapp validates the token, calls getMe and setWebhook with a secret, and the channel is connected', async () => {
    const missing = await createTelegramChannel({ baseUrl: sim.url });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('ERR_VALIDATION');
    expect(missing.body.fields['settings.token']).toEqual(['Telegram channel needs a token']);
    const malformed = await createTelegramChannel({ token: 'abc/../x', baseUrl: sim.url });
    expect(malformed.status).toBe(400);
    expect(Object.keys(malformed.body.fields)).toEqual(['settings.token']);
    expect((await createTelegramChannel({ token: sim.token, baseUrl: 'ftp://example.com' })).body.fields).toHaveProperty([
      'settings.baseUrl',
    ]);

    const created = await createTelegramChannel({ token: sim.token, baseUrl: `${sim.url}/` });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ type: 'telegram', status: 'connected' });
    // Secrets never leave the server.
    expect(created.body.settings).toMatchObject({ token: '••••••', webhookSecret: '••••••', baseUrl: sim.url, mode: 'webhook' });
    channel = { id: created.body.id, publicKey: created.body.publicKey };

    const row = await findChannelById(server.ctx.db, t.tenant.id, channel.id);
    const secret = channelSettings(server.ctx, row!).webhookSecret as string;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(methodCalls('getMe')).toHaveLength(1);
    expect(methodCalls('setWebhook').at(-1)!.body).toEqual({
      url: `${server.url}/webhooks/telegram/${channel.publicKey}`,
      secret_token: secret,
      allowed_updates: ['message', 'edited_message'],
    });
    expect(sim.webhook).toEqual({
      url: `${server.url}/webhooks/telegram/${channel.publicKey}`,
      secretToken: secret,
      allowedUpdates: ['message', 'edited_message'],
    });
  });

  it('an edit that sends the masked secrets back keeps the stored token and webhook secret', async () => {
    const before = channelSettings(server.ctx, (await findChannelById(server.ctx.db, t.tenant.id, channel.id))!);
    const edited = await api.put(
      `/whatsapp/${channel.id}`,
      { settings: { token: '••••••', webhookSecret: '••••••', baseUrl: sim.url, mode: 'webhook' } },
      { token: t.admin.token },
    );
    expect(edited.status).toBe(200);
    expect(channelSettings(server.ctx, (await findChannelById(server.ctx.db, t.tenant.id, channel.id))!)).toEqual(before);
    const unknownMode = await api.put(`/whatsapp/${channel.id}`, { settings: { mode: 'carrier-pigeon' } }, { token: t.admin.token });
    expect(unknownMode.status).toBe(400);
    expect(Object.keys(unknownMode.body.fields)).toEqual(['settings.mode']);
  });

  it('a token Telegram refuses (401) leaves the channel disconnected with a clear error on start', async () => {
    const wrongToken = `${sim.bot.id}:AAwrongwrongwrongwrongwrongwrong`;
    const created = await createTelegramChannel({ token: wrongToken, baseUrl: sim.url });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('disconnected');
    const started = await api.post(`/whatsapp/${created.body.id}/start`, undefined, { token: t.admin.token });
    expect(started.status).toBe(409);
    expect(started.body).toMatchObject({ error: 'ERR_WAPP_NOT_INITIALIZED', message: expect.stringContaining('bot token') });
    expect((await findChannelById(server.ctx.db, t.tenant.id, created.body.id))!.status).toBe('disconnected');
    // The simulator answered 401 to getMe; no webhook was set with the wrong token.
    expect(sim.webhook!.url).toContain(channel.publicKey);
    await api.delete(`/whatsapp/${created.body.id}`, { token: t.admin.token });
  });
});

describe('inbound', () => {
  it('a text message opens a ticket for the chat, named after the sender', async () => {
    const chat = newChat('Ana', 'Silva');
    const delivery = await sim.sendUpdate({ kind: 'text', text: 'Olá, preciso de ajuda', chat });
    expect(delivery.status).toBe(200);
    expect(delivery.body).toEqual({ ok: true });
    const [message] = await messagesOf(`${chat.id}:${delivery.update.message!.message_id}`);
    expect(message).toMatchObject({ body: 'Olá, preciso de ajuda', from_me: false, status: 'received' });
    const [contact] = await rows(
      server.ctx,
      sql`select name, external_key from contacts where tenant_id = ${t.tenant.id} and external_key = ${`telegram:${chat.id}`}`,
    );
    expect(contact).toEqual({ name: 'Ana Silva', external_key: `telegram:${chat.id}` });
    const ticket = await api.get(`/tickets/${Number(message.ticket_id)}`, { token: t.agent.token });
    expect(ticket.status).toBe(200);
    expect(ticket.body).toMatchObject({ whatsappId: channel.id, queueId: t.queue.id });
  });

  it('a photo (largest size), a document, a voice note and a location reach the ticket; files are downloaded through getFile', async () => {
    const chat = newChat('Bruno', 'Costa');
    const photo = await sim.sendUpdate({ kind: 'photo', content: PNG, caption: 'foto do defeito', chat });
    expect(photo.status).toBe(200);
    const sizes = photo.update.message!.photo!;
    expect(methodCalls('getFile').at(-1)!.body).toEqual({ file_id: sizes[sizes.length - 1].file_id });
    const [image] = await messagesOf(`${chat.id}:${photo.update.message!.message_id}`);
    expect(image).toMatchObject({ body: 'foto do defeito', media_type: 'image', media_mime: 'image/png' });
    expect((await server.ctx.media.read(String(image.media_key)))!.equals(PNG)).toBe(true);

    const document = await sim.sendUpdate({
      kind: 'document',
      content: PDF,
      fileName: 'nota.pdf',
      mimeType: 'application/pdf',
      caption: 'nota fiscal',
      chat,
    });
    expect(document.status).toBe(200);
    const [doc] = await messagesOf(`${chat.id}:${document.update.message!.message_id}`);
    expect(doc).toMatchObject({ body: 'nota fiscal', media_type: 'document', media_name: 'nota.pdf', media_mime: 'application/pdf' });
    expect((await server.ctx.media.read(String(doc.media_key)))!.equals(PDF)).toBe(true);

    const voice = await sim.sendUpdate({ kind: 'voice', content: OGG, chat });
    expect(voice.status).toBe(200);
    const [audio] = await messagesOf(`${chat.id}:${voice.update.message!.message_id}`);
    expect(audio).toMatchObject({ body: '', media_type: 'audio' });
    expect(String(audio.media_mime)).toMatch(/^audio\//);

    const location = await sim.sendUpdate({ kind: 'location', latitude: -23.55052, longitude: -46.633308, chat });
    expect(location.status).toBe(200);
    const [place] = await messagesOf(`${chat.id}:${location.update.message!.message_id}`);
    expect(place.body).toBe('📍 -23.55052,-46.633308\nhttps://www.google.com/maps?q=-23.55052,-46.633308');

    // All in one ticket of the chat.
    expect(new Set([image, doc, audio, place].map((m) => m.ticket_id)).size).toBe(1);
  });

  it('a redelivered update stores nothing twice (and downloads nothing again)', async () => {
    const chat = newChat('Carla', 'Dias');
    const first = await sim.sendUpdate({ kind: 'photo', content: PNG, caption: 'de novo', chat });
    expect(first.status).toBe(200);
    const downloads = methodCalls('getFile').length;
    const again = await sim.deliver(first.update);
    const third = await sim.deliver(first.update);
    expect([again.status, third.status]).toEqual([200, 200]);
    expect(methodCalls('getFile')).toHaveLength(downloads);
    expect(await messagesOf(`${chat.id}:${first.update.message!.message_id}`)).toHaveLength(1);
    expect(
      await count(
        server.ctx,
        sql`select count(*) from tickets t join contacts c on c.id = t.contact_id where c.external_key = ${`telegram:${chat.id}`}`,
      ),
    ).toBe(1);
  });

  it('edited messages and message kinds without text or a file are acknowledged and not stored', async () => {
    const chat = newChat('Igor', 'Ramos');
    const edited = await sim.sendUpdate({ kind: 'text', text: 'corrigido', chat, edited: true });
    expect(edited.status).toBe(200);
    expect(edited.update.edited_message).toBeDefined();
    const sticker = await sim.deliver({
      update_id: 990100,
      message: {
        message_id: 4242,
        date: Math.floor(Date.now() / 1000),
        chat,
        ...({
          sticker: {
            file_id: 'CAACAgIAAxk',
            file_unique_id: 'AgAD',
            width: 512,
            height: 512,
            is_animated: false,
            is_video: false,
            type: 'regular',
          },
        } as object),
      },
    });
    expect(sticker.status).toBe(200);
    expect(
      await count(
        server.ctx,
        sql`select count(*) from contacts where tenant_id = ${t.tenant.id} and external_key = ${`telegram:${chat.id}`}`,
      ),
    ).toBe(0);
  });

  it('an edited_message replaces the stored text (edited), reaches the agents as appMessage update, and a redelivered edit changes nothing', async () => {
    const chat = newChat('Eva', 'Nunes');
    const original = await sim.sendUpdate({ kind: 'text', text: 'Quero 2 pizzas', chat });
    const { message_id: messageId, date } = original.update.message!;
    const externalId = `${chat.id}:${messageId}`;
    const [stored] = await messagesOf(externalId);
    const agent = await connectAgent(server.url, t.admin.token);
    let edit;
    try {
      edit = await sim.sendUpdate({ kind: 'text', text: 'Quero 3 pizzas', chat, messageId, date, edited: true });
      expect(edit.status).toBe(200);
      expect(edit.update.edited_message).toMatchObject({ message_id: messageId, date, text: 'Quero 3 pizzas' });
      expect(edit.update.edited_message!.edit_date).toBeGreaterThan(date);
      const pushed = await agent.waitFor('appMessage', (p) => p.action === 'update' && p.message.id === stored.id);
      expect(pushed.message).toMatchObject({ body: 'Quero 3 pizzas', edited: true });
    } finally {
      agent.close();
    }
    const [row] = await rows(
      server.ctx,
      sql`select id, body, edited, from_me from messages where channel_id = ${channel.id} and external_id = ${externalId}`,
    );
    expect(row).toEqual({ id: stored.id, body: 'Quero 3 pizzas', edited: true, from_me: false });
    const history = await api.get(`/messages/${Number(stored.ticket_id)}`, { token: t.agent.token });
    expect(history.body.messages.find((m: { id: string }) => m.id === stored.id)).toMatchObject({ body: 'Quero 3 pizzas', edited: true });

    // The same edit again (a redelivery) and an edit of a message never stored: no change, no new row.
    expect((await sim.deliver(edit.update)).status).toBe(200);
    expect(await messagesOf(externalId)).toHaveLength(1);
    const unknown = await sim.sendUpdate({ kind: 'text', text: 'nunca visto', chat, messageId: messageId + 500, edited: true });
    expect(unknown.status).toBe(200);
    expect(await messagesOf(`${chat.id}:${messageId + 500}`)).toHaveLength(0);
  });

  it('an edited caption changes the body of a photo and keeps its file (not downloaded again)', async () => {
    const chat = newChat('Caio', 'Prado');
    const photo = await sim.sendUpdate({ kind: 'photo', content: PNG, caption: 'foto antiga', chat });
    const { message_id: messageId, date } = photo.update.message!;
    const [before] = await messagesOf(`${chat.id}:${messageId}`);
    const downloads = methodCalls('getFile').length;
    expect((await sim.sendUpdate({ kind: 'photo', content: PNG, caption: 'foto nova', chat, messageId, date, edited: true })).status).toBe(
      200,
    );
    const [after] = await messagesOf(`${chat.id}:${messageId}`);
    expect(after).toMatchObject({ body: 'foto nova', media_type: 'image', media_key: before.media_key });
    expect(methodCalls('getFile')).toHaveLength(downloads);
  });

  it('an edited_channel_post goes through the same edit path (channel posts are not subscribed: only a stored one changes)', async () => {
    const row = (await findChannelById(server.ctx.db, t.tenant.id, channel.id))!;
    const settings = readTelegramSettings(server.ctx, row);
    const chat = { id: -1001234567890, type: 'channel', title: 'Avisos' };
    const date = Math.floor(Date.now() / 1000) - 60;
    const post = (messageId: number, text: string) =>
      ingestTelegramUpdate(server.ctx, row, settings, {
        update_id: 990200 + messageId,
        edited_channel_post: { message_id: messageId, date, edit_date: date + 30, chat, text },
      });
    // Nothing stored under that post: acknowledged and left alone.
    expect(await post(77, 'editado')).toEqual({ outcome: 'edit', applied: 'unknown' });
    expect(await messagesOf(`${chat.id}:77`)).toHaveLength(0);
    // A stored one takes the new text.
    await inboundTicket(
      server.ctx,
      { tenantId: t.tenant.id, channelId: channel.id },
      { externalId: `${chat.id}:78`, key: { externalKey: `telegram:${chat.id}` }, body: 'aviso' },
    );
    expect(await post(78, 'aviso corrigido')).toEqual({ outcome: 'edit', applied: 'applied' });
    expect(await messagesOf(`${chat.id}:78`)).toMatchObject([{ body: 'aviso corrigido' }]);
    expect(await post(78, 'aviso corrigido')).toEqual({ outcome: 'edit', applied: 'unchanged' });
  });

  it('a file over the 20 MB bots may download is kept as a note, without a download', async () => {
    const chat = newChat('Kai', 'Tavares');
    const downloads = methodCalls('getFile').length;
    const update: TgUpdate = {
      update_id: 990200,
      message: {
        message_id: 5150,
        date: Math.floor(Date.now() / 1000),
        chat,
        caption: 'o vídeo',
        document: {
          file_id: 'BQACAgQAAxkBig',
          file_unique_id: 'AgADbig',
          file_name: 'video.mov',
          mime_type: 'video/quicktime',
          file_size: 25 * 1024 * 1024,
        },
      },
    };
    expect((await sim.deliver(update)).status).toBe(200);
    const [stored] = await messagesOf(`${chat.id}:5150`);
    expect(stored).toMatchObject({ body: 'o vídeo\n[video.mov: larger than Telegram lets bots download (20 MB)]', media_type: null });
    expect(methodCalls('getFile')).toHaveLength(downloads);
  });

  it('a wrong or missing secret token is refused with 403 before anything is stored', async () => {
    const chat = newChat('Mallory', 'X');
    const update: TgUpdate = {
      update_id: 990001,
      message: {
        message_id: 77,
        date: Math.floor(Date.now() / 1000),
        chat,
        from: { id: chat.id, is_bot: false, first_name: 'Mallory' },
        text: 'forged',
      },
    };
    const contactsBefore = await count(server.ctx, sql`select count(*) from contacts where tenant_id = ${t.tenant.id}`);
    for (const secretToken of ['wrong-secret-wrong-secret-wrong-secret-1234', null, '']) {
      const refused = await sim.deliver(update, { secretToken });
      expect(refused.status, String(secretToken)).toBe(403);
      expect(refused.body).toMatchObject({ error: 'ERR_NO_PERMISSION' });
    }
    // The secret of another channel does not open this one.
    const other = await fetch(`${server.url}/webhooks/telegram/unknown-channel-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': sim.webhook!.secretToken! },
      body: JSON.stringify(update),
    });
    expect(other.status).toBe(404);
    expect(((await other.json()) as { error: string }).error).toBe('ERR_NO_WAPP_FOUND');
    expect(await messagesOf(`${chat.id}:77`)).toHaveLength(0);
    expect(await count(server.ctx, sql`select count(*) from contacts where tenant_id = ${t.tenant.id}`)).toBe(contactsBefore);

    // With the right secret, a body that is not an Update is a 400 with a code.
    const bad = await sim.deliver({ update_id: 'x' } as unknown as TgUpdate);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'ERR_VALIDATION' });
    // And the genuine update is taken.
    expect((await sim.deliver(update)).status).toBe(200);
    expect(await messagesOf(`${chat.id}:77`)).toHaveLength(1);
  });
});

describe('outbound', () => {
  it('a reply is sent with sendMessage (quoting with reply_parameters), becomes sent with the Telegram id, and stays at sent', async () => {
    const chat = newChat('Diego', 'Reis');
    const inbound = await sim.sendUpdate({ kind: 'text', text: 'Qual o prazo?', chat });
    const [received] = await messagesOf(`${chat.id}:${inbound.update.message!.message_id}`);
    const ticketId = Number(received.ticket_id);

    const reply = await api.post(`/messages/${ticketId}`, { body: 'Chega amanhã.', quotedMsgId: received.id }, { token: t.agent.token });
    expect(reply.status).toBe(201);
    const sent = await settled(reply.body.id);
    expect(sent).toMatchObject({ status: 'sent', ack: 1, error: null });
    const out = sim.sent.at(-1)!;
    expect(out.method).toBe('sendMessage');
    expect(out.params).toEqual({
      chat_id: String(chat.id),
      text: 'Chega amanhã.',
      reply_parameters: { message_id: inbound.update.message!.message_id, allow_sending_without_reply: true },
    });
    expect(out.message.reply_to_message?.message_id ?? inbound.update.message!.message_id).toBe(inbound.update.message!.message_id);
    expect(sent.externalId).toBe(`${chat.id}:${out.message.message_id}`);

    // A second message to the same chat is spaced ≥ 1 s (Telegram: 1 message a second per chat).
    const second = await api.post(`/messages/${ticketId}`, { body: 'Mais alguma dúvida?' }, { token: t.agent.token });
    expect((await settled(second.body.id)).status).toBe('sent');
    const [a, b] = methodCalls('sendMessage').slice(-2);
    expect(b.at - a.at).toBeGreaterThanOrEqual(950);

    // Telegram sends bots no delivery or read receipts: the ack stays at 1 (sent).
    expect(await findMessageById(server.ctx.db, t.tenant.id, reply.body.id)).toMatchObject({ status: 'sent', ack: 1 });
  });

  it('a file is uploaded with multipart sendPhoto / sendDocument and the body as caption', async () => {
    const chat = newChat('Eva', 'Lima');
    const inbound = await sim.sendUpdate({ kind: 'text', text: 'manda a foto', chat });
    const [received] = await messagesOf(`${chat.id}:${inbound.update.message!.message_id}`);
    const ticketId = Number(received.ticket_id);

    for (const file of [
      { content: PNG, name: 'foto.png', type: 'image/png', method: 'sendPhoto', field: 'photo' },
      { content: PDF, name: 'boleto.pdf', type: 'application/pdf', method: 'sendDocument', field: 'document' },
    ]) {
      const form = new FormData();
      form.append('body', `segue ${file.name}`);
      form.append('medias', new Blob([new Uint8Array(file.content)], { type: file.type }), file.name);
      const response = await fetch(`${server.url}/messages/${ticketId}`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${t.agent.token}` },
      });
      expect(response.status).toBe(201);
      const created = (await response.json()) as { id: string };
      expect((await settled(created.id)).status).toBe('sent');
      const out = sim.sent.at(-1)!;
      expect(out.method).toBe(file.method);
      expect(out.params).toMatchObject({ chat_id: String(chat.id), caption: `segue ${file.name}` });
      expect(out.files[file.field].content.equals(file.content)).toBe(true);
      expect(out.files[file.field].filename).toBe(file.name);
    }
    const uploads = sim.server.requests.filter((r) => /\/send(Photo|Document)$/.test(r.path)).slice(-2);
    for (const upload of uploads) expect(String(upload.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('edits reach editMessageText and deletions deleteMessage', async () => {
    const chat = newChat('Fabio', 'Melo');
    const inbound = await sim.sendUpdate({ kind: 'text', text: 'oi', chat });
    const [received] = await messagesOf(`${chat.id}:${inbound.update.message!.message_id}`);
    const reply = await api.post(`/messages/${Number(received.ticket_id)}`, { body: 'preço: R$ 10' }, { token: t.agent.token });
    expect((await settled(reply.body.id)).status).toBe('sent');
    const out = sim.sent.at(-1)!;

    const edited = await api.request('PATCH', `/messages/${reply.body.id}`, { token: t.agent.token, body: { body: 'preço: R$ 12' } });
    expect(edited.status).toBe(200);
    expect(methodCalls('editMessageText').at(-1)!.body).toEqual({
      chat_id: String(chat.id),
      message_id: out.message.message_id,
      text: 'preço: R$ 12',
    });
    expect(out.message.text).toBe('preço: R$ 12');

    const deleted = await api.delete('/messages', { token: t.agent.token, body: { id: reply.body.id } });
    expect(deleted.status).toBe(200);
    expect(methodCalls('deleteMessage').at(-1)!.body).toEqual({ chat_id: String(chat.id), message_id: out.message.message_id });
    expect(out.deleted).toBe(true);
  });

  it('a 429 with retry_after is retried no sooner than asked, and the message is finally sent once', async () => {
    const chat = newChat('Gil', 'Nunes');
    const inbound = await sim.sendUpdate({ kind: 'text', text: 'oi', chat });
    const [received] = await messagesOf(`${chat.id}:${inbound.update.message!.message_id}`);
    const before = methodCalls('sendMessage').length;
    sim.rateLimit(3);
    const reply = await api.post(`/messages/${Number(received.ticket_id)}`, { body: 'depois do limite' }, { token: t.agent.token });
    expect(reply.status).toBe(201);
    const sent = await settled(reply.body.id, 40_000);
    expect(sent).toMatchObject({ status: 'sent', ack: 1 });
    const attempts = methodCalls('sendMessage').slice(before);
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    expect(attempts.at(-1)!.at - attempts[0].at).toBeGreaterThanOrEqual(3000);
    expect(sim.sent.filter((s) => s.params.text === 'depois do limite')).toHaveLength(1);
  }, 60_000);

  it('after a 429 the adapter calls Telegram again only once retry_after has passed', async () => {
    const chat = newChat('Hugo', 'Prado');
    await sim.sendUpdate({ kind: 'text', text: 'oi', chat });
    const row = (await findChannelById(server.ctx.db, t.tenant.id, channel.id))!;
    const outbound = (body: string) => ({
      messageId: crypto.randomUUID(),
      ticketId: 1,
      contact: { id: 1, number: null, externalKey: `telegram:${chat.id}` },
      body,
    });
    sim.rateLimit(2);
    const before = methodCalls('sendMessage').length;
    await expect(telegramAdapter.send(server.ctx, row, outbound('primeira'))).rejects.toMatchObject({
      name: 'TelegramRateLimitedError',
      retryAfterSeconds: 2,
    });
    // Within retry_after: refused here, without a request to Telegram (still retryable: not an AppError).
    await expect(telegramAdapter.send(server.ctx, row, outbound('segunda'))).rejects.toMatchObject({ name: 'TelegramRateLimitedError' });
    expect(methodCalls('sendMessage')).toHaveLength(before + 1);
    // The adapter keeps retry_after on its clock (Date): move that clock instead of waiting 2 s. The
    // 429 was answered after its request and before now.
    const limitedAt = methodCalls('sendMessage')[before].at;
    const now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: limitedAt + 1_900 });
    try {
      await expect(telegramAdapter.send(server.ctx, row, outbound('quase'))).rejects.toMatchObject({ name: 'TelegramRateLimitedError' });
      expect(methodCalls('sendMessage')).toHaveLength(before + 1);
      vi.setSystemTime(now + 2_100);
      const sent = await telegramAdapter.send(server.ctx, row, outbound('terceira'));
      expect(sent).toEqual({ externalId: `${chat.id}:${sim.sent.at(-1)!.message.message_id}`, status: 'sent' });
    } finally {
      vi.useRealTimers();
    }
    expect(methodCalls('sendMessage')).toHaveLength(before + 2);
  });

  it('a chat Telegram does not know fails the message at once with ERR_WAPP_INVALID_CONTACT', async () => {
    const { ticketId } = await inboundTicket(
      server.ctx,
      { tenantId: t.tenant.id, channelId: channel.id },
      { key: { externalKey: 'telegram:424242' }, name: 'Ghost' },
    );
    const reply = await api.post(`/messages/${ticketId}`, { body: 'alô?' }, { token: t.agent.token });
    expect(reply.status).toBe(201);
    expect(await settled(reply.body.id)).toMatchObject({ status: 'failed', error: 'ERR_WAPP_INVALID_CONTACT' });
  });

  it('a refused token (401) fails the message at once with ERR_SENDING_WAPP_MSG; a Telegram 5xx is retried', async () => {
    const chat = newChat('Julia', 'Souza');
    const inbound = await sim.sendUpdate({ kind: 'text', text: 'oi', chat });
    const [received] = await messagesOf(`${chat.id}:${inbound.update.message!.message_id}`);
    const ticketId = Number(received.ticket_id);

    sim.server.fail({ path: /\/sendMessage$/, status: 401, body: { ok: false, error_code: 401, description: 'Unauthorized' } });
    const refused = await api.post(`/messages/${ticketId}`, { body: 'token revogado' }, { token: t.agent.token });
    expect(await settled(refused.body.id)).toMatchObject({ status: 'failed', error: 'ERR_SENDING_WAPP_MSG' });

    const before = methodCalls('sendMessage').length;
    sim.server.fail({ path: /\/sendMessage$/, status: 502, body: { ok: false, error_code: 502, description: 'Bad Gateway' } });
    const retried = await api.post(`/messages/${ticketId}`, { body: 'depois do 502' }, { token: t.agent.token });
    expect(await settled(retried.body.id, 30_000)).toMatchObject({ status: 'sent', ack: 1 });
    expect(methodCalls('sendMessage').length - before).toBe(2);
  }, 40_000);

  it('the adapter refuses contacts that are not Telegram chats', async () => {
    const row = (await findChannelById(server.ctx.db, t.tenant.id, channel.id))!;
    await expect(
      telegramAdapter.send(server.ctx, row, {
        messageId: crypto.randomUUID(),
        ticketId: 1,
        contact: { id: 1, number: '5511999999999', externalKey: null },
        body: 'oi',
      }),
    ).rejects.toMatchObject({ code: 'ERR_WAPP_INVALID_CONTACT' });
  });
});

describe('disconnect', () => {
  it('stop deletes the webhook and the channel is disconnected', async () => {
    const stopped = await api.post(`/whatsapp/${channel.id}/stop`, undefined, { token: t.admin.token });
    expect(stopped.status).toBe(200);
    expect(stopped.body.status).toBe('disconnected');
    expect(methodCalls('deleteWebhook')).toHaveLength(1);
    expect(sim.webhook).toBeNull();
  });
});
