/**
 * Birthdays (issue 12; SPEC §3 Channel "birthday message and hour", §5 whole hours, /aniversarios,
 * POST /messages/sendBirthday): the channel fields and their refusals, contact birthdays with or
 * without a year, the daily round at the channel's hour on the tenant's clock, once per contact and
 * year (shared by the job and the manual send), leap-day birthdays, the list, tenant isolation.
 * A restart test lives in birthdays-restart.test.ts.
 */
import { calendarDayAt } from '@conversa/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { buildTenant } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import {
  buildAgent,
  buildChannel,
  buildContact,
  buildInboxTenant,
  count,
  inboundTicket,
  rows,
  visitorKey,
  type Agent,
  type InboxTenant,
} from '../../../test/inbox.js';
import type { Actor } from '../auth/actor.js';
import { listBirthdays } from './use-cases/list-birthdays.js';
import { sendDueBirthdays } from './use-cases/send-due-birthdays.js';

let server: TestServer;
let api: Api;
let t: InboxTenant;
let supervisor: Agent;

beforeAll(async () => {
  // The rounds here run at the instants the tests choose: the every-minute schedule (real time) is never made.
  server = await startTestServer({}, { context: { unscheduled: ['birthdays.send-due'] } });
  api = new Api(server.url);
  t = await buildInboxTenant(server);
  supervisor = await buildAgent(server, t.tenant.id, 'super');
});
afterAll(() => server?.close());

const MESSAGE = '{{greeting}}, {{firstName}}! Feliz aniversário de toda a equipe {{businessName}}.';

/** A tenant in a time zone with a web-chat channel that sends birthday messages at `hour`. */
async function birthdayTenant(timeZone: string, hour: number, message: string | null = MESSAGE) {
  const tenant = await buildTenant(server.ctx, { timeZone });
  const admin = await buildAgent(server, tenant.id, 'admin');
  const channel = await buildChannel(server.ctx, tenant.id, { isDefault: true, birthdayMessage: message, birthdayHour: hour });
  return { tenant, admin, channel };
}

/** A web-chat visitor with a birthday and a ticket on the channel (which makes it the contact's channel). */
async function customerBornOn(tenantId: number, channelId: number, birthday: string, name = 'Ana Beatriz Lima') {
  const key = visitorKey();
  const { contactId, ticketId } = await inboundTicket(server.ctx, { tenantId, channelId }, { key, name });
  await server.ctx.db.execute(sql`update contacts set birthday = ${birthday}, business_name = 'Loja Azul' where id = ${contactId}`);
  return { contactId, ticketId };
}

const birthdayMessagesOf = (contactId: number) =>
  rows(
    server.ctx,
    sql`select id, body, ticket_id, user_id from messages where contact_id = ${contactId} and from_me and body like '%aniversário%' order by created_at`,
  );
const claimsOf = (contactId: number) => count(server.ctx, sql`select count(*) from birthday_sends where contact_id = ${contactId}`);

describe('channel fields', () => {
  it('stores the birthday message and the whole hour (minutes ignored), and answers them', async () => {
    const created = await api.post(
      '/whatsapp',
      { name: 'Aniversários', type: 'webchat', birthdayMessage: 'Parabéns, {{name}}!', birthdayHour: '08:45' },
      { token: t.admin.token },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ birthdayMessage: 'Parabéns, {{name}}!', birthdayHour: 8 });
    const edited = await api.put(`/whatsapp/${created.body.id}`, { birthdayHour: 23, birthdayMessage: '' }, { token: t.admin.token });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ birthdayMessage: null, birthdayHour: 23 });
    const plain = await api.post('/whatsapp', { name: 'Sem aniversário', type: 'webchat' }, { token: t.admin.token });
    expect(plain.body).toMatchObject({ birthdayMessage: null, birthdayHour: 9 });
  });

  it('refuses an hour outside 0–23 or not an hour, and variables outside the birthday set, with their codes', async () => {
    for (const birthdayHour of [24, -1, 7.5, '25:00', 'nove']) {
      const response = await api.post('/whatsapp', { name: 'X', type: 'webchat', birthdayHour }, { token: t.admin.token });
      expect(response.status, String(birthdayHour)).toBe(400);
      expect(response.body.error).toBe('ERR_VALIDATION');
      expect(Object.keys(response.body.fields)).toEqual(['birthdayHour']);
    }
    for (const variable of ['protocol', 'kanban', 'user', 'userEmail', 'nome']) {
      const response = await api.post(
        '/whatsapp',
        { name: 'X', type: 'webchat', birthdayMessage: `Parabéns {{${variable}}}` },
        { token: t.admin.token },
      );
      expect(response.status, variable).toBe(400);
      expect(response.body.issues.birthdayMessage).toEqual([expect.objectContaining({ rule: 'templateVariables' })]);
      expect(response.body.fields.birthdayMessage[0]).toContain(`{{${variable}}}`);
    }
  });
});

describe('contact birthdays', () => {
  it('takes dd/MM/yyyy or dd/MM without the year (29/02 included) and refuses what is not a date', async () => {
    const withYear = await api.post(
      '/contacts',
      { name: 'Com ano', number: '+5511987650001', birthday: '15/03/1990' },
      { token: t.agent.token },
    );
    expect(withYear.body.birthday).toBe('1990-03-15');
    const withoutYear = await api.post(
      '/contacts',
      { name: 'Sem ano', number: '+5511987650002', birthday: '29/02' },
      { token: t.agent.token },
    );
    expect(withoutYear.status).toBe(201);
    expect(withoutYear.body.birthday).toBe('--02-29');
    for (const birthday of ['31/02', '29/02/2001', '32/01', '15/13', '1503', '2990-01-01']) {
      const response = await api.put(`/contacts/${withYear.body.id}`, { birthday }, { token: t.agent.token });
      expect(response.status, birthday).toBe(400);
      expect(response.body.issues.birthday).toEqual([expect.objectContaining({ rule: 'invalidDate' })]);
    }
  });
});

describe('the daily round', () => {
  it("sends at the channel's hour on the tenant's clock, once, with the birthday variables", async () => {
    // 2026-03-15T00:00Z is 09:00 on 15 March in Tokyo, 21:00 on 14 March in São Paulo.
    const tokyo = await birthdayTenant('Asia/Tokyo', 9);
    const saoPaulo = await birthdayTenant('America/Sao_Paulo', 9);
    const ana = await customerBornOn(tokyo.tenant.id, tokyo.channel.id, '1990-03-15');
    const paulo = await customerBornOn(saoPaulo.tenant.id, saoPaulo.channel.id, '1985-03-15', 'Paulo Souza');

    expect(await sendDueBirthdays(server.ctx, new Date('2026-03-14T23:59:00Z'))).toBe(0);
    expect(await birthdayMessagesOf(ana.contactId)).toEqual([]);

    await sendDueBirthdays(server.ctx, new Date('2026-03-15T00:00:00Z'));
    const [sent, ...more] = await birthdayMessagesOf(ana.contactId);
    expect(more).toEqual([]);
    // Conversa sends it (no agent), in the contact's ongoing ticket; 09:00 is "Bom dia" in Tokyo.
    expect(sent).toMatchObject({
      body: 'Bom dia, Ana! Feliz aniversário de toda a equipe Loja Azul.',
      ticket_id: ana.ticketId,
      user_id: null,
    });
    expect(await birthdayMessagesOf(paulo.contactId)).toEqual([]);

    // Later rounds of the day, and of the next day, send nothing more.
    await sendDueBirthdays(server.ctx, new Date('2026-03-15T05:00:00Z'));
    expect(await birthdayMessagesOf(ana.contactId)).toHaveLength(1);
    expect(await claimsOf(ana.contactId)).toBe(1);

    // São Paulo reaches 15 March 09:00 at 12:00Z.
    await sendDueBirthdays(server.ctx, new Date('2026-03-15T11:59:00Z'));
    expect(await birthdayMessagesOf(paulo.contactId)).toEqual([]);
    await sendDueBirthdays(server.ctx, new Date('2026-03-15T12:00:00Z'));
    expect(await birthdayMessagesOf(paulo.contactId)).toHaveLength(1);

    // A round missed at the hour (the server was down) still greets later that day.
    const late = await customerBornOn(tokyo.tenant.id, tokyo.channel.id, '--03-16', 'Carla Dias');
    await sendDueBirthdays(server.ctx, new Date('2026-03-16T10:30:00Z')); // 19:30 in Tokyo
    expect(await birthdayMessagesOf(late.contactId)).toEqual([
      expect.objectContaining({ body: 'Boa noite, Carla! Feliz aniversário de toda a equipe Loja Azul.' }),
    ]);
    // The next year greets again.
    await sendDueBirthdays(server.ctx, new Date('2027-03-15T00:00:00Z'));
    expect(await birthdayMessagesOf(ana.contactId)).toHaveLength(2);
  });

  it("greets on the channel of the contact's latest ticket, opening a pending ticket there when none is ongoing; skips blocked contacts and channels without a message", async () => {
    const { tenant, channel } = await birthdayTenant('UTC', 0);
    const quiet = await buildChannel(server.ctx, tenant.id, { birthdayMessage: null });
    const onQuiet = await customerBornOn(tenant.id, quiet.id, '2000-07-01', 'Quieto');
    const closed = await customerBornOn(tenant.id, channel.id, '2000-07-01', 'Fechado');
    await server.ctx.db.execute(sql`update tickets set status = 'closed' where id = ${closed.ticketId}`);
    const blocked = await customerBornOn(tenant.id, channel.id, '2000-07-01', 'Bloqueado');
    await server.ctx.db.execute(sql`update contacts set blocked = true where id = ${blocked.contactId}`);
    const noTicket = await buildContact(server.ctx, tenant.id, { birthday: '2000-07-01' });

    await sendDueBirthdays(server.ctx, new Date('2030-07-01T00:00:00Z'));
    expect(await birthdayMessagesOf(onQuiet.contactId)).toEqual([]);
    expect(await birthdayMessagesOf(blocked.contactId)).toEqual([]);
    expect(await claimsOf(noTicket.id)).toBe(0);
    const [greeting] = await birthdayMessagesOf(closed.contactId);
    expect(greeting.ticket_id).not.toBe(closed.ticketId);
    const [ticket] = await rows(
      server.ctx,
      sql`select status, channel_id, user_id from tickets where id = ${greeting.ticket_id as number}`,
    );
    expect(ticket).toEqual({ status: 'pending', channel_id: channel.id, user_id: null });
  });

  it('greets those born on 29 February on 28 February of a common year, and on 29 February of a leap year', async () => {
    const { tenant, channel } = await birthdayTenant('UTC', 9);
    const leapling = await customerBornOn(tenant.id, channel.id, '2000-02-29', 'Bissexto');
    const noYear = await customerBornOn(tenant.id, channel.id, '--02-29', 'Sem Ano');
    const actor: Actor = { userId: supervisor.id, tenantId: tenant.id, profile: 'super', sessionId: 'test' };

    const common = new Date('2027-02-28T09:00:00Z');
    const listed = await listBirthdays(server.ctx, actor, { period: 'today', pageNumber: 1 }, common);
    expect(listed.today).toBe('2027-02-28');
    expect(listed.contacts.map((c) => c.name).sort()).toEqual(['Bissexto', 'Sem Ano']);
    expect(listed.contacts.find((c) => c.name === 'Bissexto')).toMatchObject({ age: 27, greetedAt: null, channelId: channel.id });
    expect(listed.contacts.find((c) => c.name === 'Sem Ano')?.age).toBeNull();
    await sendDueBirthdays(server.ctx, common);
    expect(await birthdayMessagesOf(leapling.contactId)).toHaveLength(1);
    expect(await birthdayMessagesOf(noYear.contactId)).toHaveLength(1);
    const greeted = await listBirthdays(server.ctx, actor, { period: 'today', pageNumber: 1 }, common);
    expect(greeted.contacts.every((c) => c.greetedAt !== null && c.greetedChannelId === channel.id)).toBe(true);

    // A leap year: not on the 28th, on the 29th.
    await sendDueBirthdays(server.ctx, new Date('2028-02-28T12:00:00Z'));
    expect(await birthdayMessagesOf(leapling.contactId)).toHaveLength(1);
    expect((await listBirthdays(server.ctx, actor, { period: 'today', pageNumber: 1 }, new Date('2028-02-28T12:00:00Z'))).count).toBe(0);
    await sendDueBirthdays(server.ctx, new Date('2028-02-29T12:00:00Z'));
    expect(await birthdayMessagesOf(leapling.contactId)).toHaveLength(2);
    expect(await birthdayMessagesOf(noYear.contactId)).toHaveLength(2);
  });
});

describe('GET /birthdays', () => {
  it("lists today's and this month's birthdays in calendar order, paginated, for supervisors and admins only", async () => {
    // No birthday message: no round (a job queued by the schedule before beforeAll withdrew it may
    // still run) greets this tenant's contacts while the list is read.
    const { tenant, admin, channel } = await birthdayTenant('UTC', 9, null);
    const today = calendarDayAt(new Date(), 'UTC');
    const md = (day: number) => `${String(today.month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    const otherMonth = today.month === 12 ? 1 : today.month + 1;
    await customerBornOn(tenant.id, channel.id, `1990-${md(today.day)}`, 'Hoje');
    for (let i = 0; i < 41; i++)
      await buildContact(server.ctx, tenant.id, { name: `Mês ${String(i).padStart(2, '0')}`, birthday: `--${md(1)}` });
    await buildContact(server.ctx, tenant.id, { name: 'Outro mês', birthday: `--${String(otherMonth).padStart(2, '0')}-01` });

    const todays = await api.get('/birthdays?period=today', { token: admin.token });
    expect(todays.status).toBe(200);
    expect(todays.body.contacts.map((c: { name: string }) => c.name)).toEqual(
      today.day === 1 ? expect.arrayContaining(['Hoje']) : ['Hoje'],
    );
    expect(todays.body.contacts[0]).toMatchObject({ birthday: `1990-${md(today.day)}`, channelId: channel.id, greetedAt: null });

    const month = await api.get('/birthdays?period=month', { token: admin.token });
    expect(month.body).toMatchObject({ count: 42, hasMore: true });
    expect(month.body.contacts).toHaveLength(40);
    expect(month.body.contacts[0].name).toBe(today.day === 1 ? 'Hoje' : 'Mês 00');
    const second = await api.get('/birthdays?period=month&pageNumber=2', { token: admin.token });
    expect(second.body.contacts).toHaveLength(2);
    expect(second.body.hasMore).toBe(false);
    expect([...month.body.contacts, ...second.body.contacts].map((c: { name: string }) => c.name)).not.toContain('Outro mês');

    const agent = await buildAgent(server, tenant.id, 'user');
    expect((await api.get('/birthdays', { token: agent.token })).status).toBe(403);
    expect((await api.get('/birthdays?period=year', { token: admin.token })).status).toBe(400);
  });
});

describe('POST /messages/sendBirthday', () => {
  it('sends the channel message by hand once a year, shared with the daily round, and says when the contact was already greeted', async () => {
    const { tenant, admin, channel } = await birthdayTenant('UTC', 0);
    const today = calendarDayAt(new Date(), 'UTC');
    const birthday = `1991-${String(today.month).padStart(2, '0')}-${String(today.day).padStart(2, '0')}`;
    const bia = await customerBornOn(tenant.id, channel.id, birthday, 'Bia Costa');
    const sent = await api.post('/messages/sendBirthday', { contactId: bia.contactId, whatsappId: channel.id }, { token: admin.token });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ contactId: bia.contactId, channelId: channel.id, ticketId: bia.ticketId, year: today.year });
    const [message] = await birthdayMessagesOf(bia.contactId);
    expect(message).toMatchObject({ id: sent.body.messageId, user_id: null });

    const again = await api.post('/messages/sendBirthday', { contactId: bia.contactId, whatsappId: channel.id }, { token: admin.token });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('ERR_BIRTHDAY_ALREADY_SENT');
    expect(again.body.details).toMatchObject({ year: today.year, channelId: channel.id, byUser: true, greetedAt: expect.any(String) });
    // The daily round finds the claim.
    await sendDueBirthdays(server.ctx);
    expect(await birthdayMessagesOf(bia.contactId)).toHaveLength(1);

    // Greeted by the round first: the manual send is refused.
    const caio = await customerBornOn(tenant.id, channel.id, birthday, 'Caio Reis');
    await sendDueBirthdays(server.ctx);
    const manual = await api.post('/messages/sendBirthday', { contactId: caio.contactId, whatsappId: channel.id }, { token: admin.token });
    expect(manual.status).toBe(409);
    expect(manual.body.details.byUser).toBe(false);
    expect(await birthdayMessagesOf(caio.contactId)).toHaveLength(1);
  });

  it('refuses with codes: a channel without a message, a contact without a birthday, a blocked contact, an agent, bad bodies', async () => {
    const { tenant, admin, channel } = await birthdayTenant('UTC', 9);
    const silent = await buildChannel(server.ctx, tenant.id, { birthdayMessage: null });
    const dora = await customerBornOn(tenant.id, channel.id, '1990-01-01', 'Dora');
    const noBirthday = await buildContact(server.ctx, tenant.id);
    const send = (body: unknown, token = admin.token) => api.post('/messages/sendBirthday', body, { token });
    expect((await send({ contactId: dora.contactId, whatsappId: silent.id })).body.error).toBe('ERR_NO_BIRTHDAY_MESSAGE');
    expect((await send({ contactId: noBirthday.id, whatsappId: channel.id })).body.error).toBe('ERR_NO_BIRTHDAY');
    const blocked = await customerBornOn(tenant.id, channel.id, '1990-01-01', 'Bloqueada');
    await server.ctx.db.execute(sql`update contacts set blocked = true where id = ${blocked.contactId}`);
    const refused = await send({ contactId: blocked.contactId, whatsappId: channel.id });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('ERR_CONTACT_BLOCKED');
    expect(await birthdayMessagesOf(blocked.contactId)).toEqual([]);
    const agent = await buildAgent(server, tenant.id, 'user');
    expect((await send({ contactId: dora.contactId, whatsappId: channel.id }, agent.token)).status).toBe(403);
    for (const body of [{}, { contactId: dora.contactId }, { contactId: 'x', whatsappId: channel.id }]) {
      const response = await send(body);
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('ERR_VALIDATION');
    }
    expect(await claimsOf(dora.contactId)).toBe(0);
  });

  it("keeps tenants apart: another tenant's contact or channel is not found, and its list shows only its own", async () => {
    const a = await birthdayTenant('UTC', 9);
    const b = await birthdayTenant('UTC', 9);
    const today = calendarDayAt(new Date(), 'UTC');
    const birthday = `1990-${String(today.month).padStart(2, '0')}-${String(today.day).padStart(2, '0')}`;
    const ofA = await customerBornOn(a.tenant.id, a.channel.id, birthday, 'De A');
    const ofB = await customerBornOn(b.tenant.id, b.channel.id, birthday, 'De B');
    for (const [body, code] of [
      [{ contactId: ofB.contactId, whatsappId: a.channel.id }, 'ERR_NO_CONTACT_FOUND'],
      [{ contactId: ofA.contactId, whatsappId: b.channel.id }, 'ERR_NO_WAPP_FOUND'],
    ] as const) {
      const cross = await api.post('/messages/sendBirthday', body, { token: a.admin.token });
      expect(cross.status).toBe(404);
      expect(cross.body.error).toBe(code);
    }
    const listed = await api.get('/birthdays?period=today', { token: a.admin.token });
    expect(listed.body.contacts.map((c: { name: string }) => c.name)).toEqual(['De A']);
    expect(await claimsOf(ofB.contactId)).toBe(0);
  });
});
