import { runInboundStep } from '../automation/inbound-chain.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import {
  buildAgent,
  buildInboxTenant,
  closeAllSockets,
  count,
  eventually,
  inboundTicket,
  rows,
  setSetting,
  type InboxTenant,
} from '../../../test/inbox.js';
import { ingestInbound } from '../messages/use-cases/ingest-inbound.js';
import { absenceStep } from './absence-step.js';

let server: TestServer;
let api: Api;

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
});
afterAll(async () => {
  closeAllSockets();
  await server?.close();
});

const week = (type: 'O' | 'C' | 'H', intervals: { start: string; end: string }[] = []) =>
  [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, type, intervals }));
const automatedBodies = async (ticketId: number) =>
  (
    await rows(
      server.ctx,
      sql`select body from messages where ticket_id = ${ticketId} and from_me and user_id is null order by created_at, id`,
    )
  ).map((r) => r.body);

/** A tenant closed every day, with an absence message; its admin's token. */
async function closedTenant(message = 'Estamos fechados, {{name}}. Voltamos amanhã.'): Promise<InboxTenant> {
  const inbox = await buildInboxTenant(server);
  expect((await api.put('/tenants/business-hours/', { businessHours: week('C') }, { token: inbox.admin.token })).status).toBe(200);
  expect((await api.put('/tenants/message-business-hours/', { messageBusinessHours: message }, { token: inbox.admin.token })).status).toBe(
    200,
  );
  return inbox;
}

const stepInput = (
  inbox: InboxTenant,
  message: { ticketId: number; messageId: string },
  extra: Partial<{ isGroup: boolean; ticketCreated: boolean }> = {},
) => ({
  tenantId: inbox.tenant.id,
  ticketId: message.ticketId,
  messageId: message.messageId,
  channelId: inbox.channel.id,
  body: 'Olá',
  isGroup: false,
  ticketCreated: false,
  ...extra,
});

describe('GET/PUT /tenants/business-hours/', () => {
  it('a tenant that set nothing is open every day, without an absence message, on São Paulo time', async () => {
    const { admin } = await buildInboxTenant(server);
    const response = await api.get('/tenants/business-hours/', { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ businessHours: week('O'), messageBusinessHours: '', timeZone: 'America/Sao_Paulo' });
  });

  it('stores the week (sorted by day, O and C without intervals) and the time zone; another tenant keeps its own', async () => {
    const { admin } = await buildInboxTenant(server);
    const other = await buildInboxTenant(server);
    const days = [
      { day: 6, type: 'C', intervals: [] },
      ...[1, 2, 3, 4, 5].map((day) => ({
        day,
        type: 'H',
        intervals: [
          { start: '08:00', end: '12:00' },
          { start: '13:00', end: '18:00' },
        ],
      })),
      { day: 0, type: 'O', intervals: [{ start: '10:00', end: '11:00' }] },
    ];
    const response = await api.put('/tenants/business-hours/', { businessHours: days, timeZone: 'Europe/Lisbon' }, { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body.timeZone).toBe('Europe/Lisbon');
    expect(response.body.businessHours.map((d: any) => d.day)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(response.body.businessHours[0]).toEqual({ day: 0, type: 'O', intervals: [] });
    expect(response.body.businessHours[1].intervals).toEqual([
      { start: '08:00', end: '12:00' },
      { start: '13:00', end: '18:00' },
    ]);
    expect((await api.get('/tenants/business-hours/', { token: admin.token })).body).toEqual(response.body);
    expect((await api.get('/tenants/business-hours/', { token: other.admin.token })).body.businessHours).toEqual(week('O'));
  });

  it('a supervisor sets the hours but not the time zone; a plain user neither reads nor sets them', async () => {
    const inbox = await buildInboxTenant(server);
    const supervisor = await buildAgent(server, inbox.tenant.id, 'super');
    expect((await api.put('/tenants/business-hours/', { businessHours: week('C') }, { token: supervisor.token })).status).toBe(200);
    expect(
      (await api.put('/tenants/business-hours/', { businessHours: week('C'), timeZone: 'America/Sao_Paulo' }, { token: supervisor.token }))
        .status,
    ).toBe(200);
    const zone = await api.put(
      '/tenants/business-hours/',
      { businessHours: week('O'), timeZone: 'Asia/Tokyo' },
      { token: supervisor.token },
    );
    expect(zone.status).toBe(403);
    expect(zone.body.error).toBe('ERR_NO_PERMISSION');
    const after = await api.get('/tenants/business-hours/', { token: supervisor.token });
    expect(after.body.timeZone).toBe('America/Sao_Paulo');
    expect(after.body.businessHours).toEqual(week('C'));
    for (const call of [
      () => api.get('/tenants/business-hours/', { token: inbox.agent.token }),
      () => api.put('/tenants/business-hours/', { businessHours: week('O') }, { token: inbox.agent.token }),
      () => api.put('/tenants/message-business-hours/', { messageBusinessHours: 'x' }, { token: inbox.agent.token }),
    ]) {
      const response = await call();
      expect(response.status).toBe(403);
      expect(response.body.error).toBe('ERR_NO_PERMISSION');
    }
  });

  it("accepts Izing's body (the bare array of days with hr1–hr4) and answers the week in our shape", async () => {
    const { admin } = await buildInboxTenant(server);
    const labels = ['Domingo', 'Segunda-Feira', 'Terça-Feira', 'Quarta-Feira', 'Quinta-Feira', 'Sexta-Feira', 'Sábado'];
    const izing = labels.map((label, day) => ({
      day,
      label,
      type: day === 0 ? 'C' : day === 6 ? 'H' : day === 5 ? 'O' : 'H',
      hr1: '08:00',
      hr2: '12:00',
      hr3: day === 6 ? '' : '14:00',
      hr4: day === 6 ? '' : '18:00',
    }));
    const response = await api.put('/tenants/business-hours/', izing, { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body.businessHours[0]).toEqual({ day: 0, type: 'C', intervals: [] });
    expect(response.body.businessHours[1]).toEqual({
      day: 1,
      type: 'H',
      intervals: [
        { start: '08:00', end: '12:00' },
        { start: '14:00', end: '18:00' },
      ],
    });
    expect(response.body.businessHours[5]).toEqual({ day: 5, type: 'O', intervals: [] });
    expect(response.body.businessHours[6]).toEqual({ day: 6, type: 'H', intervals: [{ start: '08:00', end: '12:00' }] });
    expect((await api.get('/tenants/business-hours/', { token: admin.token })).body.businessHours).toEqual(response.body.businessHours);

    // Validated as ours: an interval that ends before it starts is refused on its field, nothing stored.
    const bad = izing.map((day) => (day.day === 2 ? { ...day, hr3: '19:00' } : day));
    const refused = await api.put('/tenants/business-hours/', bad, { token: admin.token });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.issues)).toContain('businessHours.2.intervals.1.end');
    expect((await api.get('/tenants/business-hours/', { token: admin.token })).body.businessHours).toEqual(response.body.businessHours);
    expect((await api.put('/tenants/business-hours/', izing.slice(0, 6), { token: admin.token })).status).toBe(400);
  });

  it('refuses bad weeks and time zones with 400 and the field of each problem, changing nothing', async () => {
    const { admin } = await buildInboxTenant(server);
    const bad: Array<[unknown, string]> = [
      [
        {
          businessHours: week('H', [
            { start: '13:00', end: '18:00' },
            { start: '08:00', end: '13:30' },
          ]),
        },
        'businessHours.0.intervals.0.start',
      ],
      [{ businessHours: week('H', [{ start: '18:00', end: '09:00' }]) }, 'businessHours.0.intervals.0.end'],
      [{ businessHours: week('H', [{ start: '9:00', end: '18:00' }]) }, 'businessHours.0.intervals.0.start'],
      [{ businessHours: week('H') }, 'businessHours.0.intervals'],
      [{ businessHours: week('O').slice(0, 6) }, 'businessHours'],
      [{ businessHours: week('X' as 'O') }, 'businessHours.0.type'],
      [{ businessHours: week('O'), timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{}, 'businessHours'],
    ];
    for (const [body, field] of bad) {
      const response = await api.put('/tenants/business-hours/', body, { token: admin.token });
      expect(response.status, field).toBe(400);
      expect(response.body.error).toBe('ERR_VALIDATION');
      expect(Object.keys(response.body.fields), field).toContain(field);
    }
    const overlap = await api.put('/tenants/business-hours/', bad[0][0], { token: admin.token });
    expect(overlap.body.issues['businessHours.0.intervals.0.start']).toEqual([expect.objectContaining({ rule: 'intervalOverlap' })]);
    expect((await api.get('/tenants/business-hours/', { token: admin.token })).body).toEqual({
      businessHours: week('O'),
      messageBusinessHours: '',
      timeZone: 'America/Sao_Paulo',
    });
  });
});

describe('PUT /tenants/message-business-hours/', () => {
  it('stores the absence message; unknown variables are refused (rule templateVariables)', async () => {
    const { admin } = await buildInboxTenant(server);
    const saved = await api.put(
      '/tenants/message-business-hours/',
      { messageBusinessHours: '{{greeting}}, {{name}}! Estamos fora.' },
      { token: admin.token },
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      businessHours: week('O'),
      messageBusinessHours: '{{greeting}}, {{name}}! Estamos fora.',
      timeZone: 'America/Sao_Paulo',
    });
    const unknown = await api.put('/tenants/message-business-hours/', { messageBusinessHours: 'Oi {{nome}}' }, { token: admin.token });
    expect(unknown.status).toBe(400);
    expect(unknown.body.issues.messageBusinessHours).toEqual([expect.objectContaining({ rule: 'templateVariables' })]);
    const long = await api.put('/tenants/message-business-hours/', { messageBusinessHours: 'x'.repeat(4001) }, { token: admin.token });
    expect(long.status).toBe(400);
    expect((await api.put('/tenants/message-business-hours/', {}, { token: admin.token })).status).toBe(400);
    expect((await api.get('/tenants/business-hours/', { token: admin.token })).body.messageBusinessHours).toBe(
      '{{greeting}}, {{name}}! Estamos fora.',
    );
  });
});

describe('absence message (inbound step businessHours.absence)', () => {
  it('out of hours, the customer gets the absence message with the variables filled in', async () => {
    const inbox = await closedTenant();
    const message = await inboundTicket(server.ctx, { tenantId: inbox.tenant.id, channelId: inbox.channel.id }, { name: 'Maria Souza' });
    expect(
      await eventually(async () => (await automatedBodies(message.ticketId)).length === 1 && automatedBodies(message.ticketId)),
    ).toEqual(['Estamos fechados, Maria Souza. Voltamos amanhã.']);
  });

  it('at most N times per ticket (setting absenceMessageMaxRepeats, default 1), once per message even if the step runs again', async () => {
    const inbox = await closedTenant();
    const target = { tenantId: inbox.tenant.id, channelId: inbox.channel.id };
    const key = { externalKey: `webchat:repeat-${inbox.tenant.id}` };
    // Each message also goes through the chain after its commit: drain() lets that run finish first,
    // so that the direct runs below are the re-runs of a step that already ran.
    const first = await inboundTicket(server.ctx, target, { key });
    await server.ctx.events.drain();
    expect(await runInboundStep(server.ctx, absenceStep, stepInput(inbox, first))).toBe('handled');
    expect(await runInboundStep(server.ctx, absenceStep, stepInput(inbox, first))).toBe('handled');
    const second = await inboundTicket(server.ctx, target, { key });
    await server.ctx.events.drain();
    expect(second.ticketId).toBe(first.ticketId);
    expect(await runInboundStep(server.ctx, absenceStep, stepInput(inbox, second))).toBe('next');
    expect(await automatedBodies(first.ticketId)).toHaveLength(1);

    await setSetting(server.ctx, inbox.tenant.id, 'absenceMessageMaxRepeats', '2');
    const third = await inboundTicket(server.ctx, target, { key });
    await server.ctx.events.drain();
    expect(await runInboundStep(server.ctx, absenceStep, stepInput(inbox, third))).toBe('handled');
    const fourth = await inboundTicket(server.ctx, target, { key });
    await server.ctx.events.drain();
    expect(await runInboundStep(server.ctx, absenceStep, stepInput(inbox, fourth))).toBe('next');
    expect(await automatedBodies(first.ticketId)).toHaveLength(2);
    expect(await count(server.ctx, sql`select count(*) from absence_replies where ticket_id = ${first.ticketId}`)).toBe(2);
  });

  it('concurrent runs for several messages of a ticket still send at most N', async () => {
    const inbox = await closedTenant();
    const target = { tenantId: inbox.tenant.id, channelId: inbox.channel.id };
    const key = { externalKey: `webchat:burst-${inbox.tenant.id}` };
    const messages = [];
    for (let i = 0; i < 4; i++) messages.push(await inboundTicket(server.ctx, target, { key }));
    const results = await Promise.all(messages.map((m) => runInboundStep(server.ctx, absenceStep, stepInput(inbox, m))));
    expect(results.filter((r) => r === 'handled')).toHaveLength(1);
    expect(await automatedBodies(messages[0].ticketId)).toHaveLength(1);
  });

  it('nothing within business hours, without a message, for group tickets or for a ticket an agent attends', async () => {
    const open = await buildInboxTenant(server);
    await api.put('/tenants/message-business-hours/', { messageBusinessHours: 'Fechado' }, { token: open.admin.token });
    const inHours = await inboundTicket(server.ctx, { tenantId: open.tenant.id, channelId: open.channel.id });
    expect(await runInboundStep(server.ctx, absenceStep, stepInput(open, inHours))).toBe('next');

    const silent = await closedTenant('');
    const noMessage = await inboundTicket(server.ctx, { tenantId: silent.tenant.id, channelId: silent.channel.id });
    expect(await runInboundStep(server.ctx, absenceStep, stepInput(silent, noMessage))).toBe('next');

    const inbox = await closedTenant();
    const group = await ingestInbound(server.ctx, {
      tenantId: inbox.tenant.id,
      channelId: inbox.channel.id,
      externalId: `group-${inbox.tenant.id}`,
      contact: { key: { externalKey: `webchat:group-${inbox.tenant.id}` }, name: 'Grupo', isGroup: true },
      body: 'Olá grupo',
    });
    if (group.outcome !== 'stored') throw new Error('group message not stored');
    expect(await runInboundStep(server.ctx, absenceStep, stepInput(inbox, group, { isGroup: true }))).toBe('next');
    expect(await runInboundStep(server.ctx, absenceStep, stepInput(inbox, group))).toBe('next'); // the ticket says it is a group's

    const attended = await inboundTicket(server.ctx, { tenantId: inbox.tenant.id, channelId: inbox.channel.id });
    // The bus-run chain may answer that first message before the agent takes the ticket: count what follows.
    const accepted = await api.put(`/tickets/${attended.ticketId}`, { status: 'open' }, { token: inbox.agent.token });
    expect(accepted.status).toBe(200);
    const before = (await automatedBodies(attended.ticketId)).length;
    const next = await inboundTicket(
      server.ctx,
      { tenantId: inbox.tenant.id, channelId: inbox.channel.id },
      { key: { externalKey: await contactKeyOf(attended.contactId) } },
    );
    expect(await runInboundStep(server.ctx, absenceStep, stepInput(inbox, next))).toBe('next');
    expect(await automatedBodies(attended.ticketId)).toHaveLength(before);
    for (const m of [inHours, noMessage]) expect(await automatedBodies(m.ticketId)).toEqual([]);
  });
});

async function contactKeyOf(contactId: number): Promise<string> {
  const [row] = await rows(server.ctx, sql`select external_key from contacts where id = ${contactId}`);
  return String(row.external_key);
}
