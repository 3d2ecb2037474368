/**
 * SPEC §3 Channel "auto-close keyword" (and its "farewell message"): a customer message equal to the
 * keyword — trimmed, case and accents ignored — closes the ticket through the inbound automation chain,
 * after the channel's farewell; exactly once per message. The channel fields through the API.
 */
import { runInboundStep } from '../automation/inbound-chain.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import {
  buildChannel,
  buildInboxTenant,
  count,
  eventually,
  inbound,
  inboundTicket,
  rows,
  visitorKey,
  type InboxTenant,
} from '../../../test/inbox.js';
import { autoCloseKeywordStep, normalizeKeyword } from './automation/auto-close-keyword.step.js';

let server: TestServer;
let api: Api;
let t: InboxTenant;

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
  t = await buildInboxTenant(server);
});
afterAll(() => server?.close());

const ticketOf = async (id: number) => (await api.get(`/tickets/${id}`, { token: t.admin.token })).body;
const sentBodies = async (ticketId: number) =>
  (await rows(server.ctx, sql`select body from messages where ticket_id = ${ticketId} and from_me order by created_at, id`)).map(
    (r) => r.body as string,
  );

it('normalises the keyword: trimmed, lower case, accents removed', () => {
  expect(normalizeKeyword('  ENCERRÁR ')).toBe('encerrar');
  expect(normalizeKeyword('Não')).toBe(normalizeKeyword('nao'));
  expect(normalizeKeyword('encerrar agora')).not.toBe(normalizeKeyword('encerrar'));
});

describe('the auto-close keyword', () => {
  it("closes the ticket on the keyword (any case and accents), after the channel's farewell rendered, with a log", async () => {
    const channel = await buildChannel(server.ctx, t.tenant.id, {
      queueId: t.queue.id,
      autoCloseKeyword: 'Encerrar',
      farewellMessage: 'Até logo, {{name}}!',
    });
    const key = visitorKey();
    const { ticketId } = await inboundTicket(
      server.ctx,
      { tenantId: t.tenant.id, channelId: channel.id },
      { key, name: 'Lia', body: 'quero encerrar o pedido' },
    );
    expect(await count(server.ctx, sql`select count(*) from ticket_logs where ticket_id = ${ticketId} and type = 'created'`)).toBe(1);

    const last = await inbound(server.ctx, { tenantId: t.tenant.id, channelId: channel.id }, { key, name: 'Lia', body: '  ENCERRÁR ' });
    const closed = await eventually(async () => {
      const ticket = await ticketOf(ticketId);
      return ticket.status === 'closed' ? ticket : undefined;
    });
    expect(closed.userId).toBeNull();
    expect(await sentBodies(ticketId)).toEqual(['Até logo, Lia!']);
    const logs = (await api.get(`/tickets/${ticketId}/logs`, { token: t.admin.token })).body;
    expect(logs.at(-1)).toMatchObject({ type: 'closedByKeyword', userId: null });

    // Run again for the same message (a restart): nothing more is sent.
    const input = {
      tenantId: t.tenant.id,
      ticketId,
      messageId: last.outcome === 'stored' ? last.messageId : '',
      channelId: channel.id,
      body: '  ENCERRÁR ',
      isGroup: false,
      ticketCreated: false,
    };
    expect(await runInboundStep(server.ctx, autoCloseKeywordStep, input)).toBe('handled');
    expect(await sentBodies(ticketId)).toEqual(['Até logo, Lia!']);
  });

  it('a message that only contains the keyword does not close; a channel without farewell closes silently; group tickets are left alone', async () => {
    const channel = await buildChannel(server.ctx, t.tenant.id, { queueId: t.queue.id, autoCloseKeyword: 'sair' });
    const key = visitorKey();
    const { ticketId, messageId } = await inboundTicket(
      server.ctx,
      { tenantId: t.tenant.id, channelId: channel.id },
      { key, body: 'quero sair' },
    );
    const base = { tenantId: t.tenant.id, ticketId, messageId, channelId: channel.id, ticketCreated: true };
    expect(await runInboundStep(server.ctx, autoCloseKeywordStep, { ...base, body: 'quero sair', isGroup: false })).toBe('next');
    expect(await runInboundStep(server.ctx, autoCloseKeywordStep, { ...base, body: 'sair', isGroup: true })).toBe('next');
    expect((await ticketOf(ticketId)).status).toBe('pending');

    await inbound(server.ctx, { tenantId: t.tenant.id, channelId: channel.id }, { key, body: 'Sair' });
    await eventually(async () => (await ticketOf(ticketId)).status === 'closed');
    expect(await sentBodies(ticketId)).toEqual([]);
  });

  it('a channel without a keyword never closes on a message', async () => {
    const { ticketId, messageId } = await inboundTicket(
      server.ctx,
      { tenantId: t.tenant.id, channelId: t.channel.id },
      { body: 'encerrar' },
    );
    expect(
      await runInboundStep(server.ctx, autoCloseKeywordStep, {
        tenantId: t.tenant.id,
        ticketId,
        messageId,
        channelId: t.channel.id,
        body: 'encerrar',
        isGroup: false,
        ticketCreated: true,
      }),
    ).toBe('next');
    expect((await ticketOf(ticketId)).status).toBe('pending');
  });
});

describe('channel fields: auto-close keyword and auto-evaluation', () => {
  it('are stored through PUT /whatsapp/{id}, answered by GET, and refused when malformed', async () => {
    const path = `/whatsapp/${t.channel.id}`;
    const saved = await api.put(
      path,
      { autoCloseKeyword: ' Tchau ', autoEvaluation: true, farewellMessage: 'Até mais, {{firstName}}' },
      { token: t.admin.token },
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ autoCloseKeyword: 'Tchau', autoEvaluation: true, farewellMessage: 'Até mais, {{firstName}}' });
    expect((await api.get(path, { token: t.admin.token })).body).toMatchObject({ autoCloseKeyword: 'Tchau', autoEvaluation: true });

    for (const body of [{ autoEvaluation: 'sim' }, { autoCloseKeyword: 'x'.repeat(101) }, { farewellMessage: 'Tchau {{cliente}}' }]) {
      const response = await api.put(path, body, { token: t.admin.token });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toBe('ERR_VALIDATION');
    }
    const cleared = await api.put(path, { autoCloseKeyword: '', autoEvaluation: false, farewellMessage: '' }, { token: t.admin.token });
    expect(cleared.body).toMatchObject({ autoCloseKeyword: null, autoEvaluation: false, farewellMessage: null });
  });
});
