/**
 * Rules of an agent's reply (POST /messages/{ticketId}, forwards):
 * - the clientId makes a resend safe: the same id (sequential or concurrent, JSON or multipart)
 *   stores one message and enqueues one send job (none on web chat, which delivers by storing), and
 *   answers the stored message (201, same id);
 *   different ids are different messages; the field stays optional;
 * - in an open ticket only its agent writes, besides supervisors and admins; a waiting ticket is
 *   taken by whoever writes in it.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import {
  buildAgent,
  buildInboxTenant,
  count,
  eventually,
  inboundTicket,
  settledMessageRow,
  visitorKey,
  type Agent,
  type InboxTenant,
} from '../../../test/inbox.js';

let server: TestServer;
let api: Api;
let t: InboxTenant;
let other: InboxTenant;
let supervisor: Agent;

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
  t = await buildInboxTenant(server);
  other = await buildInboxTenant(server);
  supervisor = await buildAgent(server, t.tenant.id, 'super', 'Sofia Supervisora');
});
afterAll(async () => {
  // No send job left running when the server stops.
  if (server) {
    await eventually(async () => (await count(server.ctx, sql`select count(*) from messages where status = 'pending'`)) === 0, {
      timeoutMs: 20_000,
      what: 'every reply settled',
    });
  }
  await server?.close();
});

/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const conversation = (options: Parameters<typeof inboundTicket>[2] = {}) =>
  inboundTicket(server.ctx, { tenantId: t.tenant.id, channelId: t.channel.id }, options);
const send = (ticketId: number, body: unknown, token = t.agent.token) => api.post(`/messages/${ticketId}`, body, { token });

async function upload(ticketId: number, fields: Record<string, string>, token = t.agent.token) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('medias', new Blob([PNG], { type: 'image/png' }), 'foto.png');
  const response = await fetch(`${server.url}/messages/${ticketId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as any };
}

const repliesIn = (ticketId: number) => count(server.ctx, sql`select count(*) from messages where ticket_id = ${ticketId} and from_me`);
/** Send jobs of a message, waiting, running, done or archived. */
const sendJobsOf = (messageId: string) =>
  count(
    server.ctx,
    sql`select (select count(*) from pgboss.job where name = 'message.send' and data->>'messageId' = ${messageId})
             + (select count(*) from pgboss.archive where name = 'message.send' and data->>'messageId' = ${messageId})`,
  );
const ticketOf = async (ticketId: number) => (await api.get(`/tickets/${ticketId}`, { token: t.admin.token })).body;

describe('POST /messages/{ticketId}: clientId', () => {
  it('the same clientId sent again answers the stored message (201, same id): one message, delivered by storing it (web chat)', async () => {
    const { ticketId } = await conversation();
    const clientId = randomUUID();
    const first = await send(ticketId, { body: 'Claro, qual o número do pedido?', clientId });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ clientId, body: 'Claro, qual o número do pedido?', userId: t.agent.id });
    // Once the first one is sent, the resend (its answer was lost) still only answers it.
    await settledMessageRow(server.ctx, first.body.id);
    const again = await send(ticketId, { body: 'Claro, qual o número do pedido?', clientId });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ id: first.body.id, clientId, status: 'sent' });

    expect(await repliesIn(ticketId)).toBe(1);
    expect(await sendJobsOf(first.body.id)).toBe(0);
    const logs = (await api.get(`/tickets/${ticketId}/logs`, { token: t.agent.token })).body as { type: string }[];
    expect(logs.filter((l) => l.type === 'accepted')).toHaveLength(1);
  });

  it('three concurrent sends of one clientId store one message and enqueue one send job', async () => {
    // A contact that is no web-chat visitor: its messages go through the send job (which refuses it).
    const { ticketId } = await conversation({ key: { number: `5511955${String(Date.now()).slice(-6)}` } });
    const clientId = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => send(ticketId, { body: 'só uma vez', clientId })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await repliesIn(ticketId)).toBe(1);
    expect(await sendJobsOf(answers[0].body.id)).toBe(1);
    expect((await settledMessageRow(server.ctx, answers[0].body.id)).status).toBe('failed');
  });

  it('different clientIds, or none, are different messages', async () => {
    const { ticketId } = await conversation();
    const a = await send(ticketId, { body: 'igual', clientId: randomUUID() });
    const b = await send(ticketId, { body: 'igual', clientId: randomUUID() });
    const c = await send(ticketId, { body: 'igual' });
    const d = await send(ticketId, { body: 'igual' });
    for (const r of [a, b, c, d]) expect(r.status).toBe(201);
    expect(new Set([a, b, c, d].map((r) => r.body.id)).size).toBe(4);
    expect(c.body.clientId).toBeNull();
    expect(await repliesIn(ticketId)).toBe(4);
    for (const r of [a, b, c, d]) expect(await sendJobsOf(r.body.id)).toBe(0);
    for (const r of [a, b, c, d]) expect(r.body.status).toBe('sent');
  });

  it('a file sent twice with one clientId (multipart) is stored and sent once; concurrently too', async () => {
    const { ticketId } = await conversation();
    const clientId = randomUUID();
    const first = await upload(ticketId, { body: 'segue a foto', clientId });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ clientId, mediaType: 'image', body: 'segue a foto' });
    const again = await upload(ticketId, { body: 'segue a foto', clientId });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);

    const together = randomUUID();
    const both = await Promise.all([upload(ticketId, { clientId: together }), upload(ticketId, { clientId: together })]);
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    expect(both[0].body.id).toBe(both[1].body.id);
    expect(await repliesIn(ticketId)).toBe(2);
    expect(await sendJobsOf(first.body.id)).toBe(0);
    expect(await sendJobsOf(both[0].body.id)).toBe(0);
  });

  it("an id used by another agent or for another ticket is refused (400) and never answers that message; another tenant's id is independent", async () => {
    const { ticketId } = await conversation();
    const clientId = randomUUID();
    expect((await send(ticketId, { body: 'minha', clientId })).status).toBe(201);

    const byAdmin = await send(ticketId, { body: 'do admin', clientId }, t.admin.token);
    expect(byAdmin.status).toBe(400);
    expect(byAdmin.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { clientId: ['Already used'] } });
    expect(byAdmin.body.id).toBeUndefined();
    const elsewhere = await conversation();
    const otherTicket = await send(elsewhere.ticketId, { body: 'outra', clientId });
    expect(otherTicket.status).toBe(400);

    const foreign = await inboundTicket(server.ctx, { tenantId: other.tenant.id, channelId: other.channel.id });
    const sameIdElsewhere = await send(foreign.ticketId, { body: 'outra empresa', clientId }, other.agent.token);
    expect(sameIdElsewhere.status).toBe(201);
    expect(sameIdElsewhere.body.body).toBe('outra empresa');
    expect(await repliesIn(ticketId)).toBe(1);
    expect(await repliesIn(elsewhere.ticketId)).toBe(0);
  });

  it('a malformed clientId is 400 with the field named, storing nothing', async () => {
    const { ticketId } = await conversation();
    const json = await send(ticketId, { body: 'x', clientId: 'not-a-uuid' });
    expect(json.status).toBe(400);
    expect(json.body.error).toBe('ERR_VALIDATION');
    expect(Object.keys(json.body.fields)).toEqual(['clientId']);
    const multipart = await upload(ticketId, { clientId: 'nope' });
    expect(multipart.status).toBe(400);
    expect(Object.keys(multipart.body.fields)).toEqual(['clientId']);
    expect(await repliesIn(ticketId)).toBe(0);
  });
});

describe('who may write in a ticket', () => {
  /** A ticket opened (attended) by the agent. */
  async function agentsOpenTicket() {
    const { ticketId, contactId, messageId } = await conversation({ key: visitorKey() });
    expect((await send(ticketId, { body: 'Olá, sou a atendente.' })).status).toBe(201);
    expect(await ticketOf(ticketId)).toMatchObject({ status: 'open', userId: t.agent.id });
    return { ticketId, contactId, messageId };
  }

  it("another plain agent of the queue gets 403 ERR_NO_PERMISSION in the agent's open ticket: nothing stored, the ticket stays hers", async () => {
    const { ticketId } = await agentsOpenTicket();
    const refused = await send(ticketId, { body: 'deixa que eu respondo' }, t.peer.token);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_NO_PERMISSION');
    expect(refused.body.message).toMatch(/another agent/);
    const file = await upload(ticketId, { body: 'foto' }, t.peer.token);
    expect(file.status).toBe(403);
    expect(await repliesIn(ticketId)).toBe(1);
    expect(await ticketOf(ticketId)).toMatchObject({ status: 'open', userId: t.agent.id });
  });

  it('the owner, a supervisor and an admin may write; the ticket stays with its owner', async () => {
    const { ticketId } = await agentsOpenTicket();
    expect((await send(ticketId, { body: 'de novo eu' })).status).toBe(201);
    const bySupervisor = await send(ticketId, { body: 'Sou a supervisora, posso ajudar.' }, supervisor.token);
    expect(bySupervisor.status).toBe(201);
    expect(bySupervisor.body.userId).toBe(supervisor.id);
    const byAdmin = await send(ticketId, { body: 'Aqui é o administrador.' }, t.admin.token);
    expect(byAdmin.status).toBe(201);
    expect(await repliesIn(ticketId)).toBe(4);
    expect(await ticketOf(ticketId)).toMatchObject({ status: 'open', userId: t.agent.id });
  });

  it('a waiting ticket is taken by whoever writes in it, as start attending does', async () => {
    const { ticketId } = await conversation();
    expect((await send(ticketId, { body: 'eu pego este' }, t.peer.token)).status).toBe(201);
    expect(await ticketOf(ticketId)).toMatchObject({ status: 'open', userId: t.peer.id });
    // From then on it is the peer's: the agent is refused.
    expect((await send(ticketId, { body: 'e eu?' })).status).toBe(403);
  });

  it("a plain agent cannot forward into another agent's open ticket; an admin can", async () => {
    const { contactId, messageId } = await agentsOpenTicket();
    const forward = (token: string) =>
      api.post('/forward-messages/', { messages: [{ id: messageId }], contact: { id: contactId } }, { token });
    const refused = await forward(t.peer.token);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_NO_PERMISSION');
    expect((await forward(t.admin.token)).status).toBe(200);
  });

  it('a resend of a reply stored before the ticket changed hands still answers it', async () => {
    const { ticketId } = await conversation();
    const clientId = randomUUID();
    const first = await send(ticketId, { body: 'minha resposta', clientId }, t.peer.token);
    expect(first.status).toBe(201);
    // The admin gives the ticket to the agent; the peer's resend of the lost answer is not a new message.
    expect((await api.put(`/tickets/${ticketId}`, { status: 'open', userId: t.agent.id }, { token: t.admin.token })).status).toBe(200);
    const again = await send(ticketId, { body: 'minha resposta', clientId }, t.peer.token);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect((await send(ticketId, { body: 'nova' }, t.peer.token)).status).toBe(403);
  });
});
