/**
 * The mass send's `sms` tab (issue 12; SPEC §2 /massa → sms): a text sent as written through the
 * tenant's SMS provider (the Twilio simulator), without a connection. Refused with its code when
 * the tenant has no SMS provider or the text has variables; each number gets exactly one SMS, even
 * with duplicated runners; the report and counters follow the SMS's own statuses (delivered,
 * failed with the provider's reason); a blocked contact is skipped; typed numbers make no contacts.
 */
import { randomInt } from 'node:crypto';
import { startTwilioSimulator, type TwilioSimulator } from '@conversa/simulators';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { buildContact, buildInboxTenant, count, eventually, rows, type InboxTenant } from '../../../test/inbox.js';
import { runMassSend } from './use-cases/run-mass-send.js';

let server: TestServer;
let api: Api;
let sim: TwilioSimulator;
let t: InboxTenant;
let unconfigured: InboxTenant;

beforeAll(async () => {
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  api = new Api(server.url);
  sim = await startTwilioSimulator({ numbers: ['+15005550006'], autoStatuses: { delayMs: 20 } });
  t = await buildInboxTenant(server);
  unconfigured = await buildInboxTenant(server);
  const saved = await api.put(
    '/settings/sms',
    { accountSid: sim.accountSid, authToken: sim.authToken, fromNumber: sim.numbers[0], baseUrl: sim.url },
    { token: t.admin.token },
  );
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}, 60_000);

afterAll(async () => {
  await sim?.settle();
  await server?.close();
  await sim?.close();
});

const freshNumber = () => `55119${randomInt(10_000_000, 99_999_999)}`;
const smsTo = (number: string) => sim.sent.filter((m) => m.to === `+${number}`);

async function create(body: Record<string, unknown>, token = t.admin.token) {
  return api.post('/mass-sends', { kind: 'sms', minDelaySeconds: 0, maxDelaySeconds: 1, ...body }, { token });
}

async function waitView(id: number, done: (view: any) => boolean, what: string) {
  return eventually(
    async () => {
      const response = await api.get(`/mass-sends/${id}`, { token: t.admin.token });
      return done(response.body) ? response.body : undefined;
    },
    { timeoutMs: 30_000, what },
  );
}

describe('refusals', () => {
  it('refuses an SMS mass send when the tenant has no SMS provider, a text with variables or an empty text; nothing is written', async () => {
    const before = await count(server.ctx, sql`select count(*)::int as n from mass_sends`);
    const none = await create({ message: 'Oi', recipients: { source: 'numbers', numbers: freshNumber() } }, unconfigured.admin.token);
    expect(none.status).toBe(409);
    expect(none.body.error).toBe('ERR_SMS_NOT_CONFIGURED');

    const variables = await create({ message: 'Oi {{firstName}}', recipients: { source: 'numbers', numbers: freshNumber() } });
    expect(variables.status).toBe(400);
    expect(variables.body.fields?.message?.[0]).toMatch(/as written/);

    const empty = await create({ message: '   ', recipients: { source: 'numbers', numbers: freshNumber() } });
    expect(empty.status).toBe(400);
    expect(empty.body.fields?.message).toBeDefined();

    const tooLong = await create({ message: 'x'.repeat(1601), recipients: { source: 'numbers', numbers: freshNumber() } });
    expect(tooLong.status).toBe(400);
    expect(await count(server.ctx, sql`select count(*)::int as n from mass_sends`)).toBe(before);
  });
});

describe('sending through the Twilio simulator', () => {
  it('each number gets one SMS as written; the report follows the SMS statuses; a blocked contact is skipped; typed numbers make no contacts', async () => {
    const typed = [freshNumber(), freshNumber(), freshNumber()];
    const failing = freshNumber();
    sim.markFailing(`+${failing}`, 30008);
    const blocked = await buildContact(server.ctx, t.tenant.id, { name: 'Bloqueada', number: freshNumber(), blocked: true });
    const contactsBefore = await count(server.ctx, sql`select count(*)::int as n from contacts where tenant_id = ${t.tenant.id}`);

    const created = await create({
      message: 'Sua entrega chega amanhã.',
      recipients: { source: 'numbers', numbers: [...typed, failing, blocked.number].join('\n') },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ kind: 'sms', whatsappId: null, channelName: null, recipientCount: 5 });
    const id = created.body.id as number;

    const view = await waitView(
      id,
      (v) => v.status === 'finished' && v.delivered === 3 && v.notSent === 2,
      'the SMS mass send finished and settled',
    );
    expect(view).toMatchObject({ processed: 4, sent: 3, delivered: 3, read: 0, notSent: 2 });
    for (const number of [...typed, failing]) {
      const got = smsTo(number);
      expect(got, number).toHaveLength(1);
      expect(got[0].body).toBe('Sua entrega chega amanhã.');
    }
    expect(smsTo(blocked.number!)).toHaveLength(0);
    // No contact was made for the typed numbers, and no ticket or WhatsApp message for anyone.
    expect(await count(server.ctx, sql`select count(*)::int as n from contacts where tenant_id = ${t.tenant.id}`)).toBe(contactsBefore);
    expect(
      await count(
        server.ctx,
        sql`select count(*)::int as n from mass_send_recipients where mass_send_id = ${id} and message_id is not null`,
      ),
    ).toBe(0);

    const page = await api.get(`/mass-sends/${id}/recipients?pageNumber=1`, { token: t.admin.token });
    const byNumber = Object.fromEntries(page.body.recipients.map((r: any) => [r.number, r]));
    for (const number of typed) expect(byNumber[number]).toMatchObject({ status: 'delivered', error: null });
    expect(byNumber[failing].status).toBe('failed');
    expect(byNumber[failing].error).toBeTruthy();
    expect(byNumber[blocked.number!]).toMatchObject({ status: 'skipped', contactId: blocked.id, error: 'Contact blocked.' });
    const failed = await api.get(`/mass-sends/${id}/recipients?pageNumber=1&status=failed`, { token: t.admin.token });
    expect(failed.body.recipients.map((r: any) => r.number)).toEqual([failing]);
  }, 60_000);

  it('three more runners of the same run at once still send each number one SMS', async () => {
    const numbers = Array.from({ length: 10 }, freshNumber);
    const created = await create({ message: 'Uma vez só', recipients: { source: 'numbers', numbers: numbers.join('\n') } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const input = { tenantId: t.tenant.id, massSendId: created.body.id as number, run: 0 };
    for (let round = 0; round < 3; round++)
      await Promise.all([runMassSend(server.ctx, input), runMassSend(server.ctx, input), runMassSend(server.ctx, input)]);
    await waitView(input.massSendId, (v) => v.status === 'finished', 'finished');
    for (const number of numbers) expect(smsTo(number), number).toHaveLength(1);
    const [claims] = await rows(
      server.ctx,
      sql`select count(*)::int as n, count(distinct sms_id)::int as sms from mass_send_recipients where mass_send_id = ${input.massSendId} and status = 'claimed'`,
    );
    expect(claims).toEqual({ n: 10, sms: 10 });
  }, 60_000);
});
