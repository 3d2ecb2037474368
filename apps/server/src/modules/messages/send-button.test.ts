/**
 * POST /sendButton against the Meta Cloud API simulator: reply buttons, a list and a template with
 * its variables go out through the durable send job in the documented Cloud API shape, and the
 * statuses flow back as acks; SPEC §5's limits answer 400 ERR_VALIDATION with fields; a non-waba
 * ticket, a closed ticket, another tenant's ticket and a ticket outside the agent's queues are
 * refused, and nothing is stored or sent for them.
 */
import { randomInt } from 'node:crypto';
import { startMetaCloudSimulator, type MetaCloudSimulator } from '@conversa/simulators';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import {
  buildInboxTenant,
  connectWabaChannel,
  count,
  eventually,
  inboundTicket,
  type InboxTenant,
  rows,
  settledMessageRow,
} from '../../../test/inbox.js';

let server: TestServer;
let api: Api;
let sim: MetaCloudSimulator;
let t: InboxTenant;

const newNumber = () => `55119${randomInt(60_000_000, 99_999_999)}`;

beforeAll(async () => {
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  api = new Api(server.url);
  sim = await startMetaCloudSimulator({ templates: ['order_update'] });
  t = await buildInboxTenant(server);
  await connectWabaChannel(server, t, sim);
});
afterAll(async () => {
  await sim?.settle();
  await sim?.close();
  await server?.close();
});

/** A customer's text through the simulator's signed webhook; answers its ticket. */
async function conversation(from = newNumber()) {
  const delivery = await sim.sendInbound({ type: 'text', from, name: 'Cliente', text: 'Olá' });
  expect(delivery.status).toBe(200);
  const [row] = await rows(server.ctx, sql`select ticket_id from messages where external_id = ${delivery.messageId}`);
  return { from, ticketId: Number(row.ticket_id), wamid: delivery.messageId };
}

const settled = (messageId: string) => settledMessageRow(server.ctx, messageId);

const sentTo = (to: string) => sim.sent.filter((m) => m.to === to);
const messagesOf = (ticketId: number) => count(server.ctx, sql`select count(*) from messages where ticket_id = ${ticketId} and from_me`);

describe('POST /sendButton on a waba ticket', () => {
  it('sends reply buttons through the send job in the documented shape, and the acks come back', async () => {
    const { from, ticketId } = await conversation();
    const response = await api.post(
      '/sendButton',
      {
        ticketId,
        type: 'button',
        header: 'Pedido #123',
        text: 'Confirma a entrega amanhã?',
        footer: 'Loja Conversa',
        buttons: [
          { id: 'yes', title: 'Sim' },
          { id: 'no', title: 'Não' },
        ],
      },
      { token: t.agent.token },
    );
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toMatchObject({
      ticketId,
      fromMe: true,
      body: 'Pedido #123\nConfirma a entrega amanhã?\nLoja Conversa\n[Sim] [Não]',
    });
    const row = await settled(response.body.id);
    expect(row).toMatchObject({ status: 'sent', ack: 1 });
    const [sent] = sentTo(from);
    expect(sent.id).toBe(row.external_id);
    expect(sent.payload).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: from,
      biz_opaque_callback_data: response.body.id,
      type: 'interactive',
      interactive: {
        type: 'button',
        header: { type: 'text', text: 'Pedido #123' },
        body: { text: 'Confirma a entrega amanhã?' },
        footer: { text: 'Loja Conversa' },
        action: {
          buttons: [
            { type: 'reply', reply: { id: 'yes', title: 'Sim' } },
            { type: 'reply', reply: { id: 'no', title: 'Não' } },
          ],
        },
      },
    });
    for (const [status, ack] of [
      ['delivered', 2],
      ['read', 3],
    ] as const) {
      expect((await sim.sendStatus(sent.id, status)).status).toBe(200);
      const [after] = await rows(server.ctx, sql`select status, ack from messages where id = ${response.body.id}`);
      expect(after).toMatchObject({ status, ack });
    }
    // Replying started attending the waiting ticket, as POST /messages does.
    const ticket = await api.get(`/tickets/${ticketId}`, { token: t.agent.token });
    expect(ticket.body).toMatchObject({ status: 'open', userId: t.agent.id });
  });

  it('sends a list with its sections, quoting a customer message', async () => {
    const { from, ticketId } = await conversation();
    const [quoted] = await rows(server.ctx, sql`select id, external_id from messages where ticket_id = ${ticketId}`);
    const response = await api.post(
      '/sendButton',
      {
        ticketId,
        type: 'list',
        text: 'Escolha um horário',
        button: 'Horários',
        quotedMsgId: quoted.id,
        sections: [
          { title: 'Manhã', rows: [{ id: 'm9', title: '09:00', description: 'Segunda a sexta' }] },
          { title: 'Tarde', rows: [{ id: 't14', title: '14:00' }] },
        ],
      },
      { token: t.agent.token },
    );
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.body).toBe('Escolha um horário\n[Horários] 09:00 | 14:00');
    expect(await settled(response.body.id)).toMatchObject({ status: 'sent' });
    expect(sentTo(from)[0].payload).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: from,
      biz_opaque_callback_data: response.body.id,
      context: { message_id: quoted.external_id },
      type: 'interactive',
      interactive: {
        type: 'list',
        body: { text: 'Escolha um horário' },
        action: {
          button: 'Horários',
          sections: [
            { title: 'Manhã', rows: [{ id: 'm9', title: '09:00', description: 'Segunda a sexta' }] },
            { title: 'Tarde', rows: [{ id: 't14', title: '14:00' }] },
          ],
        },
      },
    });
  });

  it('sends an approved template with its variables; the automatic statuses reach the message', async () => {
    const { from, ticketId } = await conversation();
    sim.setAutoStatuses({ delayMs: 50 });
    try {
      const response = await api.post(
        '/sendButton',
        {
          ticketId,
          type: 'template',
          name: 'order_update',
          language: 'pt_BR',
          components: [
            {
              type: 'body',
              parameters: [
                { type: 'text', text: 'Ana' },
                { type: 'text', text: '#123' },
              ],
            },
          ],
        },
        { token: t.agent.token },
      );
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      expect(response.body.body).toBe('[order_update · pt_BR]\nAna | #123');
      const read = await eventually(
        async () => {
          const [row] = await rows(server.ctx, sql`select status, ack from messages where id = ${response.body.id}`);
          return row?.ack === 3 ? row : undefined;
        },
        { timeoutMs: 15_000, intervalMs: 50 },
      );
      expect(read).toMatchObject({ status: 'read', ack: 3 });
      expect(sentTo(from)[0].payload).toEqual({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: from,
        biz_opaque_callback_data: response.body.id,
        type: 'template',
        template: {
          name: 'order_update',
          language: { code: 'pt_BR' },
          components: [
            {
              type: 'body',
              parameters: [
                { type: 'text', text: 'Ana' },
                { type: 'text', text: '#123' },
              ],
            },
          ],
        },
      });
    } finally {
      sim.setAutoStatuses(false);
      await sim.settle();
    }
  });

  it('a template Meta does not know fails the message (permanent refusal), without retries', async () => {
    const { from, ticketId } = await conversation();
    const response = await api.post(
      '/sendButton',
      { ticketId, type: 'template', name: 'not_approved', language: 'en' },
      { token: t.agent.token },
    );
    expect(response.status).toBe(201);
    expect(await settled(response.body.id)).toMatchObject({ status: 'failed', error: 'ERR_SENDING_WAPP_MSG' });
    expect(sentTo(from)).toHaveLength(0);
  });
});

describe('POST /sendButton validation (SPEC §5)', () => {
  const buttons = [
    { id: 'a', title: 'A' },
    { id: 'b', title: 'B' },
  ];
  const sections = (n: number) => Array.from({ length: n }, (_, i) => ({ title: `S${i}`, rows: [{ id: `r${i}`, title: `Row ${i}` }] }));

  it.each([
    ['empty text', { type: 'button', text: '', buttons }, 'text'],
    ['text over 60 characters', { type: 'button', text: 'x'.repeat(61), buttons }, 'text'],
    ['button text over 20 characters', { type: 'button', text: 'Oi', buttons: [{ id: 'a', title: 'x'.repeat(21) }] }, 'buttons.0.title'],
    [
      'repeated button values',
      {
        type: 'button',
        text: 'Oi',
        buttons: [
          { id: 'a', title: 'A' },
          { id: 'a', title: 'B' },
        ],
      },
      'buttons',
    ],
    ['more than 3 buttons', { type: 'button', text: 'Oi', buttons: ['a', 'b', 'c', 'd'].map((id) => ({ id, title: id })) }, 'buttons'],
    ['more than 5 list sections', { type: 'list', text: 'Oi', button: 'Ver', sections: sections(6) }, 'sections'],
    ['list text over 60 characters', { type: 'list', text: 'x'.repeat(61), button: 'Ver', sections: sections(1) }, 'text'],
    [
      'repeated row values',
      {
        type: 'list',
        text: 'Oi',
        button: 'Ver',
        sections: [
          {
            rows: [
              { id: 'r', title: 'A' },
              { id: 'r', title: 'B' },
            ],
          },
        ],
      },
      'sections',
    ],
    ['a bad template name', { type: 'template', name: 'Order Update!', language: 'pt_BR' }, 'name'],
    ['an unknown type', { type: 'carousel', text: 'Oi' }, 'type'],
  ])('%s → 400 ERR_VALIDATION naming the field; nothing stored or sent', async (_name, content, field) => {
    const { from, ticketId } = await conversation();
    const before = await messagesOf(ticketId);
    const response = await api.post('/sendButton', { ticketId, ...content }, { token: t.agent.token });
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(response.body.error).toBe('ERR_VALIDATION');
    expect(Object.keys(response.body.fields ?? {})).toContain(field);
    expect(await messagesOf(ticketId)).toBe(before);
    expect(sentTo(from)).toHaveLength(0);
  });

  it('text of exactly 60 characters and a button text of exactly 20 are accepted', async () => {
    const { ticketId } = await conversation();
    const response = await api.post(
      '/sendButton',
      { ticketId, type: 'button', text: 'x'.repeat(60), buttons: [{ id: 'a', title: 'y'.repeat(20) }] },
      { token: t.agent.token },
    );
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(await settled(response.body.id)).toMatchObject({ status: 'sent' });
  });
});

describe('POST /sendButton access', () => {
  const content = { type: 'button', text: 'Oi', buttons: [{ id: 'a', title: 'A' }] };

  it('a ticket of a non-waba channel → 400 ERR_VALIDATION saying so; nothing stored', async () => {
    const { ticketId } = await inboundTicket(server.ctx, { tenantId: t.tenant.id, channelId: t.channel.id });
    const response = await api.post('/sendButton', { ticketId, ...content }, { token: t.agent.token });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { ticketId: [expect.stringContaining("'webchat'")] } });
    expect(response.body.message).toMatch(/waba/);
    expect(await messagesOf(ticketId)).toBe(0);
  });

  it("another tenant's ticket does not exist (404) and one outside the agent's queues is forbidden (403)", async () => {
    const { from, ticketId } = await conversation();
    const other = await buildInboxTenant(server);
    const foreign = await api.post('/sendButton', { ticketId, ...content }, { token: other.admin.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('ERR_NO_TICKET_FOUND');
    const outsider = await api.post('/sendButton', { ticketId, ...content }, { token: t.outsider.token });
    expect(outsider.status).toBe(403);
    expect(outsider.body.error).toBe('ERR_NO_PERMISSION');
    expect(await messagesOf(ticketId)).toBe(0);
    expect(sentTo(from)).toHaveLength(0);
  });

  it('a resolved ticket is refused until reopened', async () => {
    const { ticketId } = await conversation();
    const closed = await api.put(`/tickets/${ticketId}`, { status: 'closed' }, { token: t.agent.token });
    expect(closed.status).toBe(200);
    expect(closed.body.status, JSON.stringify(closed.body)).toBe('closed');
    const response = await api.post('/sendButton', { ticketId, ...content }, { token: t.agent.token });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('ERR_VALIDATION');
  });

  it('needs a signed-in user', async () => {
    const response = await api.post('/sendButton', { ticketId: 1, ...content });
    expect(response.status).toBe(401);
  });
});
