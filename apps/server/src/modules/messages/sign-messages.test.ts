/**
 * The tenant's signMessages setting, checked on what the provider received (the Meta Cloud API
 * simulator): off → the agent's text as written; on → `*Name:*\n<text>` for texts and captions, the
 * same text stored and shown in the chat; interactive messages and files without a caption go
 * unsigned. And /sendButton follows the ticket-owner rule as every reply does.
 */
import { randomInt } from 'node:crypto';
import { startMetaCloudSimulator, type MetaCloudSimulator } from '@conversa/simulators';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { buildInboxTenant, connectWabaChannel, count, eventually, type InboxTenant, rows, settledMessageRow } from '../../../test/inbox.js';

let server: TestServer;
let api: Api;
let sim: MetaCloudSimulator;
let t: InboxTenant;

/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  api = new Api(server.url);
  sim = await startMetaCloudSimulator();
  t = await buildInboxTenant(server);
  await connectWabaChannel(server, t, sim);
});
afterAll(async () => {
  // No send job left running when the server stops.
  if (server) {
    await eventually(async () => (await count(server.ctx, sql`select count(*) from messages where status = 'pending'`)) === 0, {
      timeoutMs: 20_000,
      what: 'every reply settled',
    });
  }
  await sim?.settle();
  await sim?.close();
  await server?.close();
});

/** A customer's text through the simulator's signed webhook; answers its ticket. */
async function conversation() {
  const from = `55119${randomInt(60_000_000, 99_999_999)}`;
  const delivery = await sim.sendInbound({ type: 'text', from, name: 'Cliente', text: 'Olá' });
  expect(delivery.status).toBe(200);
  const [row] = await rows(server.ctx, sql`select ticket_id from messages where external_id = ${delivery.messageId}`);
  return { from, ticketId: Number(row.ticket_id) };
}

const setSign = async (value: 'enabled' | 'disabled') =>
  expect((await api.put('/settings/signMessages', { value }, { token: t.admin.token })).status).toBe(200);

/** What Meta received for a message, once the send job sent it. */
async function received(messageId: string) {
  const row = await settledMessageRow(server.ctx, messageId);
  expect(row.status).toBe('sent');
  const sent = sim.sent.find((m) => m.id === row.external_id);
  expect(sent, `the simulator received ${String(row.external_id)}`).toBeDefined();
  return { row, payload: sent!.payload as Record<string, any> };
}

async function sendPhoto(ticketId: number, caption: string | undefined) {
  const form = new FormData();
  if (caption !== undefined) form.append('body', caption);
  form.append('medias', new Blob([PNG], { type: 'image/png' }), 'foto.png');
  const response = await fetch(`${server.url}/messages/${ticketId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${t.agent.token}` },
    body: form,
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; body: string };
}

describe('signMessages', () => {
  it('is off by default: the customer gets the text as the agent wrote it', async () => {
    const settings = await api.get('/settings', { token: t.admin.token });
    expect(settings.body).toContainEqual({ key: 'signMessages', value: 'disabled' });
    const { ticketId } = await conversation();
    const reply = await api.post(`/messages/${ticketId}`, { body: 'Bom dia!' }, { token: t.agent.token });
    expect(reply.body.body).toBe('Bom dia!');
    const { payload } = await received(reply.body.id);
    expect(payload).toMatchObject({ type: 'text', text: { body: 'Bom dia!' } });
  });

  it('on: texts and captions reach the customer as *Name:* + text, and the chat stores and shows that same text', async () => {
    await setSign('enabled');
    try {
      const { ticketId } = await conversation();
      const reply = await api.post(`/messages/${ticketId}`, { body: 'Claro, qual o número do pedido?' }, { token: t.agent.token });
      expect(reply.status).toBe(201);
      const signed = `*${t.agent.name}:*\nClaro, qual o número do pedido?`;
      expect(reply.body.body).toBe(signed);
      const { payload } = await received(reply.body.id);
      expect(payload).toMatchObject({ type: 'text', text: { body: signed } });
      const history = await api.get(`/messages/${ticketId}`, { token: t.agent.token });
      expect(history.body.messages[0]).toMatchObject({ id: reply.body.id, body: signed });
      expect((await api.get(`/tickets/${ticketId}`, { token: t.agent.token })).body.lastMessage).toContain(
        'Claro, qual o número do pedido?',
      );

      const photo = await sendPhoto(ticketId, 'segue a foto');
      expect(photo.body).toBe(`*${t.agent.name}:*\nsegue a foto`);
      expect((await received(photo.id)).payload).toMatchObject({ type: 'image', image: { caption: `*${t.agent.name}:*\nsegue a foto` } });

      // A file without a caption gets none; an admin's reply is signed with the admin's name.
      const bare = await sendPhoto(ticketId, undefined);
      expect(bare.body).toBe('');
      expect((await received(bare.id)).payload.image.caption).toBeUndefined();
      const byAdmin = await api.post(`/messages/${ticketId}`, { body: 'Posso ajudar também.' }, { token: t.admin.token });
      expect((await received(byAdmin.body.id)).payload.text.body).toBe(`*${t.admin.name}:*\nPosso ajudar também.`);
    } finally {
      await setSign('disabled');
    }
  });

  it('on: interactive messages are sent as built, unsigned', async () => {
    await setSign('enabled');
    try {
      const { ticketId } = await conversation();
      const response = await api.post(
        '/sendButton',
        {
          ticketId,
          type: 'button',
          text: 'Confirma?',
          buttons: [
            { id: 'y', title: 'Sim' },
            { id: 'n', title: 'Não' },
          ],
        },
        { token: t.agent.token },
      );
      expect(response.status).toBe(201);
      expect(response.body.body).toBe('Confirma?\n[Sim] [Não]');
      expect((await received(response.body.id)).payload.interactive.body).toEqual({ text: 'Confirma?' });
    } finally {
      await setSign('disabled');
    }
  });

  it('the signature counts in the 4096-character limit: a reply too long once signed is 400, nothing stored', async () => {
    await setSign('enabled');
    try {
      const { ticketId } = await conversation();
      const tooLong = await api.post(`/messages/${ticketId}`, { body: 'a'.repeat(4096) }, { token: t.agent.token });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { body: [expect.stringContaining('signature')] } });
      expect(await rows(server.ctx, sql`select id from messages where ticket_id = ${ticketId} and from_me`)).toEqual([]);
    } finally {
      await setSign('disabled');
    }
  });
});

describe("POST /sendButton in another agent's open ticket", () => {
  it('is 403 ERR_NO_PERMISSION for another plain agent, allowed for an admin', async () => {
    const { ticketId } = await conversation();
    expect((await api.post(`/messages/${ticketId}`, { body: 'Oi!' }, { token: t.agent.token })).status).toBe(201);
    const button = { ticketId, type: 'button', text: 'Confirma?', buttons: [{ id: 'y', title: 'Sim' }] };
    const refused = await api.post('/sendButton', button, { token: t.peer.token });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_NO_PERMISSION');
    expect((await api.post('/sendButton', button, { token: t.admin.token })).status).toBe(201);
  });
});
