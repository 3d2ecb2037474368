/**
 * Messages (SPEC §3, §5, §7): the newest-first history, replies through the durable send job,
 * quoted replies, media upload (sniffed type, signed URLs), forwarding (≤ 10 messages to 1
 * contact), search within the visible tickets, edit and delete, and tenant isolation.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import {
  buildChannel,
  buildContact,
  buildInboxTenant,
  eventually,
  inboundTicket,
  rows,
  visitorKey,
  type InboxTenant,
} from '../../../test/inbox.js';
import { sendMessageJob } from './jobs/send-message.job.js';
import { insertMessage } from './messages.repository.js';

let server: TestServer;
let api: Api;
let t: InboxTenant;
let other: InboxTenant;

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
  t = await buildInboxTenant(server);
  other = await buildInboxTenant(server);
});
afterAll(() => server?.close());

/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** The start of an ELF executable. */
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(120)]);

const conversation = (options: Parameters<typeof inboundTicket>[2] = {}) =>
  inboundTicket(server.ctx, { tenantId: t.tenant.id, channelId: t.channel.id }, options);
const send = (ticketId: number, body: unknown, token = t.agent.token) => api.post(`/messages/${ticketId}`, body, { token });

async function upload(
  ticketId: number,
  file: { content: Buffer; name: string; type: string },
  fields: Record<string, string> = {},
  token = t.agent.token,
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('medias', new Blob([file.content], { type: file.type }), file.name);
  const response = await fetch(`${server.url}/messages/${ticketId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as any };
}

async function messagesOf(ticketId: number, token = t.agent.token, pageNumber = 1) {
  const response = await api.get(`/messages/${ticketId}?pageNumber=${pageNumber}`, { token });
  expect(response.status).toBe(200);
  return response.body as { messages: any[]; messagesOffLine: any[]; hasMore: boolean };
}

/** Waits until the send job has settled the message (sent or failed). */
async function settled(ticketId: number, messageId: string) {
  return eventually(
    async () => {
      const message = (await messagesOf(ticketId)).messages.find((m) => m.id === messageId);
      return message && message.status !== 'pending' ? message : undefined;
    },
    { timeoutMs: 15_000, intervalMs: 100, what: `message ${messageId} to be settled (not pending)` },
  );
}

describe('GET /messages/{ticketId}', () => {
  it('pages the history newest first, 50 a page, with hasMore', async () => {
    const key = visitorKey();
    let ticketId = 0;
    for (let i = 0; i < 55; i++) ticketId = (await conversation({ key, body: `m${i}` })).ticketId;

    const first = await messagesOf(ticketId);
    expect(Object.keys(first).sort()).toEqual(['hasMore', 'messages', 'messagesOffLine']);
    expect(first.messages).toHaveLength(50);
    expect(first.hasMore).toBe(true);
    expect(first.messages.map((m) => m.body)).toEqual(Array.from({ length: 50 }, (_, i) => `m${54 - i}`));
    expect(first.messagesOffLine).toEqual([]);
    expect(first.messages[0]).toMatchObject({
      ticketId,
      fromMe: false,
      status: 'received',
      mediaUrl: null,
      quotedMsg: null,
      edited: false,
      deleted: false,
      messageId: expect.any(String),
    });
    const second = await messagesOf(ticketId, t.agent.token, 2);
    expect(second.messages.map((m) => m.body)).toEqual(['m4', 'm3', 'm2', 'm1', 'm0']);
    expect(second.hasMore).toBe(false);
    expect((await messagesOf(ticketId, t.agent.token, 3)).messages).toEqual([]);
  });

  it("answers 403 for a ticket outside the user's visibility and 404 for another tenant's", async () => {
    const { ticketId } = await conversation();
    const forbidden = await api.get(`/messages/${ticketId}`, { token: t.outsider.token });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error).toBe('ERR_NO_PERMISSION');
    const foreign = await api.get(`/messages/${ticketId}`, { token: other.admin.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('ERR_NO_TICKET_FOUND');
  });
});

describe('POST /messages/{ticketId}', () => {
  it('stores a reply as pending, starts attending a pending ticket, and the send job marks it sent', async () => {
    const { ticketId } = await conversation({ body: 'Bom dia' });
    const response = await send(ticketId, { body: 'Olá! Como posso ajudar?' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      ticketId,
      body: 'Olá! Como posso ajudar?',
      fromMe: true,
      userId: t.agent.id,
      mediaUrl: null,
      quotedMsg: null,
    });
    expect(['pending', 'sent']).toContain(response.body.status);

    const ticket = await api.get(`/tickets/${ticketId}`, { token: t.agent.token });
    expect(ticket.body).toMatchObject({
      status: 'open',
      userId: t.agent.id,
      lastMessage: 'Olá! Como posso ajudar?',
      answered: true,
      unreadMessages: 0,
    });
    const logs = await api.get(`/tickets/${ticketId}/logs`, { token: t.agent.token });
    expect(logs.body.map((l: { type: string; userId: number }) => [l.type, l.userId])).toEqual([
      ['created', null],
      ['accepted', t.agent.id],
    ]);

    const sent = await settled(ticketId, response.body.id);
    expect(sent).toMatchObject({ status: 'sent', ack: 1, messageId: `out:${response.body.id}` });
  });

  it('whoever replies to a waiting ticket takes it, but not one waiting for another agent (transferred to them: theirs)', async () => {
    const waiting = await conversation();
    expect((await send(waiting.ticketId, { body: 'eu atendo' })).status).toBe(201);
    expect((await api.get(`/tickets/${waiting.ticketId}`, { token: t.agent.token })).body).toMatchObject({
      status: 'open',
      userId: t.agent.id,
    });

    const { ticketId } = await conversation();
    expect(
      (await api.put(`/tickets/${ticketId}`, { userId: t.peer.id, isTransference: true }, { token: t.admin.token })).body,
    ).toMatchObject({
      status: 'pending',
      userId: t.peer.id,
    });
    expect((await send(ticketId, { body: 'eu atendo' })).body.error).toBe('ERR_NO_PERMISSION');
    expect((await api.get(`/tickets/${ticketId}`, { token: t.agent.token })).body).toMatchObject({ status: 'pending', userId: t.peer.id });
  });

  it('a reply that cannot be delivered ends failed and is listed in messagesOffLine', async () => {
    // A contact known by a phone number is not a visitor of the web chat: the adapter refuses it for good.
    const { ticketId } = await conversation({ key: { number: '5511966660001' } });
    const response = await send(ticketId, { body: 'não vai chegar' });
    expect(response.status).toBe(201);
    const failed = await settled(ticketId, response.body.id);
    expect(failed.status).toBe('failed');
    const page = await messagesOf(ticketId);
    expect(page.messagesOffLine.map((m) => m.id)).toEqual([response.body.id]);
  });

  it('quotes only a message of the same contact', async () => {
    const key = visitorKey();
    const { ticketId, messageId } = await conversation({ key, body: 'qual o preço?' });
    const quoted = await send(ticketId, { body: 'R$ 10', quotedMsgId: messageId });
    expect(quoted.status).toBe(201);
    expect(quoted.body.quotedMsg).toEqual({ id: messageId, body: 'qual o preço?', fromMe: false });
    expect((await messagesOf(ticketId)).messages[0].quotedMsg).toEqual({ id: messageId, body: 'qual o preço?', fromMe: false });

    const stranger = await conversation({ body: 'outra conversa' });
    const foreignQuote = await send(ticketId, { body: 'x', quotedMsgId: stranger.messageId });
    expect(foreignQuote.status).toBe(400);
    expect(foreignQuote.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { quotedMsgId: ['Not found'] } });
    const otherTenant = await inboundTicket(server.ctx, { tenantId: other.tenant.id, channelId: other.channel.id });
    const crossTenant = await send(ticketId, { body: 'x', quotedMsgId: otherTenant.messageId });
    expect(crossTenant.status).toBe(400);
    expect(crossTenant.body.error).toBe('ERR_VALIDATION');
    const missing = await send(ticketId, { body: 'x', quotedMsgId: randomUUID() });
    expect(missing.status).toBe(400);
    const malformed = await send(ticketId, { body: 'x', quotedMsgId: 'not-a-uuid' });
    expect(malformed.status).toBe(400);
  });

  it('refuses an empty body (400), a closed ticket (400), an invisible ticket (403) and another tenant (404)', async () => {
    const { ticketId } = await conversation();
    for (const body of [{}, { body: '' }, { body: '   \n ' }]) {
      const empty = await send(ticketId, body);
      expect(empty.status, JSON.stringify(body)).toBe(400);
      expect(empty.body.error).toBe('ERR_VALIDATION');
    }
    const tooLong = await send(ticketId, { body: 'a'.repeat(4097) });
    expect(tooLong.status).toBe(400);

    expect((await send(ticketId, { body: 'x' }, t.outsider.token)).status).toBe(403);
    const foreign = await send(ticketId, { body: 'x' }, other.admin.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('ERR_NO_TICKET_FOUND');

    expect((await api.put(`/tickets/${ticketId}`, { status: 'closed' }, { token: t.agent.token })).status).toBe(200);
    const closed = await send(ticketId, { body: 'ainda aí?' });
    expect(closed.status).toBe(400);
    expect(closed.body.error).toBe('ERR_VALIDATION');
    // Nothing was stored by the refused calls.
    expect((await messagesOf(ticketId)).messages.filter((m) => m.fromMe)).toEqual([]);
  });
});

describe('media', () => {
  it('accepts a real PNG (type sniffed from the bytes) and serves it through a signed URL only', async () => {
    const { ticketId } = await conversation();
    const response = await upload(ticketId, { content: PNG, name: 'foto.png', type: 'text/html' }, { body: 'segue a foto' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ ticketId, fromMe: true, body: 'segue a foto', mediaType: 'image', mediaName: 'foto.png' });
    const url = response.body.mediaUrl as string;
    expect(url).toMatch(new RegExp(`^/media/${t.tenant.id}/[A-Za-z0-9_-]{32}\\?expires=\\d+&type=image%2Fpng&signature=[A-Za-z0-9_-]+$`));

    const media = await fetch(`${server.url}${url}`);
    expect(media.status).toBe(200);
    expect(media.headers.get('content-type')).toBe('image/png');
    expect(media.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await media.arrayBuffer()).equals(PNG)).toBe(true);

    const signature = new URL(url, server.url).searchParams.get('signature')!;
    const forged = url.replace(`signature=${signature}`, `signature=${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`);
    for (const bad of [forged, url.replace('type=image%2Fpng', 'type=text%2Fhtml'), url.replace(/expires=\d+/, 'expires=9999999999')]) {
      const refused = await fetch(`${server.url}${bad}`);
      expect(refused.status, bad).toBe(403);
      expect(((await refused.json()) as { error: string }).error).toBe('ERR_NO_PERMISSION');
    }
    // The history presents the same media with a fresh signed URL.
    const listed = (await messagesOf(ticketId)).messages[0];
    expect(listed.mediaUrl).toMatch(/^\/media\//);
    expect((await fetch(`${server.url}${listed.mediaUrl}`)).status).toBe(200);

    const sent = await settled(ticketId, response.body.id);
    expect(sent.status).toBe('sent');
  });

  it('refuses an HTML page and an executable with 415 ERR_UNSUPPORTED_MEDIA_TYPE, storing nothing', async () => {
    const { ticketId } = await conversation();
    const html = await upload(ticketId, {
      content: Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
      name: 'page.html',
      type: 'text/html',
    });
    expect(html.status).toBe(415);
    expect(html.body.error).toBe('ERR_UNSUPPORTED_MEDIA_TYPE');
    const elf = await upload(ticketId, { content: ELF, name: 'photo.png', type: 'image/png' });
    expect(elf.status).toBe(415);
    expect(elf.body.error).toBe('ERR_UNSUPPORTED_MEDIA_TYPE');
    const empty = await upload(ticketId, { content: Buffer.alloc(0), name: 'empty.txt', type: 'text/plain' });
    expect(empty.status).toBe(400);
    expect((await messagesOf(ticketId)).messages.filter((m) => m.fromMe)).toEqual([]);
  });
});

describe('POST /forward-messages/', () => {
  it("copies up to 10 messages, in order, as pending replies into the target contact's ongoing ticket", async () => {
    const source = visitorKey();
    const originals = [];
    let sourceTicket = 0;
    for (const body of ['primeira', 'segunda', 'terceira']) {
      const r = await conversation({ key: source, body });
      originals.push(r.messageId);
      sourceTicket = r.ticketId;
    }
    const target = await conversation({ name: 'Destino', body: 'oi' });

    const response = await api.post(
      '/forward-messages/',
      { messages: originals.map((id) => ({ id })), contact: { id: target.contactId } },
      { token: t.agent.token },
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ticketId: target.ticketId, forwarded: 3 });

    const copies = (await messagesOf(target.ticketId)).messages.filter((m) => m.fromMe);
    expect(copies.map((m) => m.body)).toEqual(['terceira', 'segunda', 'primeira']); // newest first: sent in the given order
    for (const copy of copies) {
      expect(copy).toMatchObject({ fromMe: true, userId: t.agent.id, ticketId: target.ticketId, contactId: target.contactId });
      expect(['pending', 'sent']).toContain(copy.status);
      expect(originals).not.toContain(copy.id);
    }
    for (const copy of copies) expect((await settled(target.ticketId, copy.id)).status).toBe('sent');
    // The source conversation is unchanged.
    expect((await messagesOf(sourceTicket)).messages.every((m) => !m.fromMe)).toBe(true);
  });

  it('opens a ticket for a contact without one', async () => {
    const { messageId } = await conversation({ body: 'encaminhe isto' });
    const contact = await buildContact(server.ctx, t.tenant.id, { externalKey: `webchat:${randomUUID()}`, number: null });
    const response = await api.post(
      '/forward-messages/',
      { messages: [{ id: messageId }], contact: { id: contact.id } },
      { token: t.agent.token },
    );
    expect(response.status).toBe(200);
    const ticket = await api.get(`/tickets/${response.body.ticketId}`, { token: t.agent.token });
    expect(ticket.body).toMatchObject({
      contactId: contact.id,
      status: 'open',
      userId: t.agent.id,
      whatsappId: t.channel.id,
      lastMessage: 'encaminhe isto',
    });
  });
});

describe('GET /searchMessage', () => {
  it('needs at least 2 characters and finds only in the tickets the caller sees', async () => {
    const mine = await conversation({ body: 'Quero uma pizza de calabresa' });
    const elsewhere = await conversation({ body: 'nada a ver' });
    const otherQueueChannel = await buildChannel(server.ctx, t.tenant.id, { queueId: t.otherQueue.id });
    const hidden = await inboundTicket(
      server.ctx,
      { tenantId: t.tenant.id, channelId: otherQueueChannel.id },
      { body: 'pizza na outra fila' },
    );
    await inboundTicket(server.ctx, { tenantId: other.tenant.id, channelId: other.channel.id }, { body: 'PIZZA do outro tenant' });

    const short = await api.get('/searchMessage?searchParam=p', { token: t.agent.token });
    expect(short.status).toBe(400);
    expect(short.body.error).toBe('ERR_VALIDATION');

    const found = await api.get('/searchMessage?searchParam=PIZZA', { token: t.agent.token });
    expect(found.status).toBe(200);
    expect(found.body).toEqual({
      messages: [expect.objectContaining({ id: mine.messageId, body: 'Quero uma pizza de calabresa', ticketId: mine.ticketId })],
      hasMore: false,
    });
    const byTicket = await api.get(`/searchMessage?searchParam=pizza&ticketId=${elsewhere.ticketId}`, { token: t.agent.token });
    expect(byTicket.body.messages).toEqual([]);
    expect(
      (await api.get('/searchMessage?searchParam=pizza', { token: t.outsider.token })).body.messages.map((m: { id: string }) => m.id),
    ).toEqual([hidden.messageId]);
    expect(
      (await api.get('/searchMessage?searchParam=pizza', { token: t.admin.token })).body.messages.map((m: { id: string }) => m.id).sort(),
    ).toEqual([mine.messageId, hidden.messageId].sort());
    expect((await api.get('/searchMessage?searchParam=%25%25', { token: t.admin.token })).body.messages).toEqual([]);
  });
});

describe('edit and delete', () => {
  it("PATCH /messages/{id} edits the caller's own reply; not a customer's, nor another agent's", async () => {
    const { ticketId, messageId: customer } = await conversation();
    const reply = await send(ticketId, { body: 'preço: R$ 10' });
    await settled(ticketId, reply.body.id);

    const edited = await api.request('PATCH', `/messages/${reply.body.id}`, { token: t.agent.token, body: { body: 'preço: R$ 12' } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: reply.body.id, body: 'preço: R$ 12', edited: true });
    expect((await messagesOf(ticketId)).messages.find((m) => m.id === reply.body.id)).toMatchObject({ body: 'preço: R$ 12', edited: true });
    const viaPost = await api.post('/messages/editMessage', { id: reply.body.id, body: 'preço: R$ 11' }, { token: t.agent.token });
    expect(viaPost.status).toBe(200);
    expect(viaPost.body.body).toBe('preço: R$ 11');

    const notMine = await api.request('PATCH', `/messages/${customer}`, { token: t.agent.token, body: { body: 'hack' } });
    expect(notMine.status).toBe(403);
    expect(notMine.body.error).toBe('ERR_NO_PERMISSION');
    const byPeer = await api.request('PATCH', `/messages/${reply.body.id}`, { token: t.peer.token, body: { body: 'do colega' } });
    expect(byPeer.status).toBe(403);
    expect(byPeer.body.error).toBe('ERR_NO_PERMISSION');
    const empty = await api.request('PATCH', `/messages/${reply.body.id}`, { token: t.agent.token, body: { body: '  ' } });
    expect(empty.status).toBe(400);
    const foreign = await api.request('PATCH', `/messages/${reply.body.id}`, { token: other.admin.token, body: { body: 'x' } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('ERR_NO_MESSAGE_FOUND');
    expect((await messagesOf(ticketId)).messages.find((m) => m.id === reply.body.id).body).toBe('preço: R$ 11');
  });

  it("DELETE /messages deletes the caller's own reply for everyone; a customer's message answers 400 ERR_DELETE_WAPP_MSG", async () => {
    const { ticketId, messageId: customer } = await conversation({ body: 'mensagem do cliente' });
    const reply = await send(ticketId, { body: 'enviei errado' });
    await settled(ticketId, reply.body.id);

    const byPeer = await api.request('DELETE', '/messages', { token: t.peer.token, body: { id: reply.body.id } });
    expect(byPeer.status).toBe(403);
    expect(byPeer.body.error).toBe('ERR_NO_PERMISSION');
    const foreign = await api.request('DELETE', '/messages', { token: other.admin.token, body: { id: reply.body.id } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('ERR_NO_MESSAGE_FOUND');

    const deleted = await api.request('DELETE', '/messages', {
      token: t.agent.token,
      body: { id: reply.body.id, messageId: reply.body.messageId },
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: reply.body.id, deleted: true, body: '' });
    expect((await messagesOf(ticketId)).messages.find((m) => m.id === reply.body.id)).toMatchObject({ deleted: true, body: '' });

    const customers = await api.request('DELETE', '/messages', { token: t.agent.token, body: { id: customer } });
    expect(customers.status).toBe(400);
    expect(customers.body.error).toBe('ERR_DELETE_WAPP_MSG');
    expect((await messagesOf(ticketId)).messages.find((m) => m.id === customer)).toMatchObject({
      deleted: false,
      body: 'mensagem do cliente',
    });
    const editDeleted = await api.request('PATCH', `/messages/${reply.body.id}`, { token: t.agent.token, body: { body: 'de volta' } });
    expect(editDeleted.status).toBe(403);
  });

  it('the send job does not send a reply deleted before it went out', async () => {
    const { ticketId, contactId } = await conversation();
    const id = randomUUID();
    await insertMessage(server.ctx.db, {
      id,
      tenantId: t.tenant.id,
      ticketId,
      contactId,
      channelId: t.channel.id,
      fromMe: true,
      body: 'apagada antes do envio',
      status: 'pending',
      deleted: true,
      userId: t.agent.id,
    });
    await sendMessageJob.handler(server.ctx, { tenantId: t.tenant.id, messageId: id }, { number: 1, last: false });
    expect(await rows(server.ctx, sql`select status, external_id from messages where id = ${id}`)).toEqual([
      { status: 'pending', external_id: null },
    ]);
  });
});

describe('POST /forward-messages/: limits', () => {
  // Last in the file: the 10 sends it queues delay no other test's wait for the send job.
  it('refuses 11 messages, no or several contacts, and messages or contacts the caller may not reach', async () => {
    const key = visitorKey();
    const ids: string[] = [];
    for (let i = 0; i < 11; i++) ids.push((await conversation({ key, body: `n${i}` })).messageId);
    const target = await buildContact(server.ctx, t.tenant.id);
    const post = (body: unknown, token = t.agent.token) => api.post('/forward-messages/', body, { token });

    const eleven = await post({ messages: ids.map((id) => ({ id })), contact: { id: target.id } });
    expect(eleven.status).toBe(400);
    expect(eleven.body.error).toBe('ERR_VALIDATION');
    expect(Object.keys(eleven.body.fields)).toEqual(['messages']);
    expect((await post({ messages: ids.slice(0, 10).map((id) => ({ id })), contact: { id: target.id } })).status).toBe(200);

    for (const body of [
      { messages: [], contact: { id: target.id } },
      { messages: [{ id: ids[0] }] },
      { messages: [{ id: ids[0] }], contact: [{ id: target.id }, { id: target.id }] },
      { messages: [{ id: ids[0] }], contact: [{ id: target.id }] },
    ]) {
      const response = await post(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toBe('ERR_VALIDATION');
    }

    // Not into a conversation the caller may not see either.
    const elsewhere = await inboundTicket(server.ctx, {
      tenantId: t.tenant.id,
      channelId: (await buildChannel(server.ctx, t.tenant.id, { queueId: t.otherQueue.id })).id,
    });
    const intoHidden = await post({ messages: [{ id: ids[0] }], contact: { id: elsewhere.contactId } });
    expect(intoHidden.status).toBe(403);
    expect(intoHidden.body.error).toBe('ERR_NO_PERMISSION');
    expect((await messagesOf(elsewhere.ticketId, t.admin.token)).messages.filter((m) => m.fromMe)).toEqual([]);
    const invisible = await post({ messages: [{ id: ids[0] }], contact: { id: target.id } }, t.outsider.token);
    expect(invisible.status).toBe(403);
    const foreignMessage = await post(
      { messages: [{ id: ids[0] }], contact: { id: (await buildContact(server.ctx, other.tenant.id)).id } },
      other.admin.token,
    );
    expect(foreignMessage.status).toBe(404);
    expect(foreignMessage.body.error).toBe('ERR_NO_MESSAGE_FOUND');
    const foreignContact = await post({
      messages: [{ id: ids[0] }],
      contact: { id: (await buildContact(server.ctx, other.tenant.id)).id },
    });
    expect(foreignContact.status).toBe(404);
    expect(foreignContact.body.error).toBe('ERR_NO_CONTACT_FOUND');
  });
});
