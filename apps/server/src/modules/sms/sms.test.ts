/**
 * SMS (issue 12: settings tab `sms`, the SMS modal, delivery statuses; "exactly once") against the
 * Twilio simulator: settings with the Auth Token sealed and masked, the connection test, sending to
 * a ticket's contact, delivered / undelivered / refused with the provider's reason, signed status
 * callbacks (a bad or missing signature is refused 403, a repeated or late one changes nothing),
 * refusals' codes (not configured, invalid number, no access), the same source key queued twice
 * sending once, and a send interrupted between its claim and its record: settled from Twilio's own
 * list when Twilio has it, flagged `unconfirmed` otherwise, never sent again.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { startTwilioSimulator, twilioFixture, type TwilioSimulator } from '@conversa/simulators';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { buildContact, buildInboxTenant, eventually, inboundTicket, rows, type InboxTenant } from '../../../test/inbox.js';
import { createOutboundPolicy } from '../../platform/http/outbound-policy.js';
import { transact } from '../../platform/events/transact.js';
import { AppError } from '../../platform/http/app-error.js';
import { TwilioClient } from './providers/twilio/twilio.client.js';
import { smsNumber } from './sms-number.js';
import { transitionSms } from './sms.repository.js';
import { queueSms } from './use-cases/queue-sms.js';
import { saveSmsSettings } from './use-cases/save-sms-settings.js';
import { smsStatusCallbackUrl } from './use-cases/sms-provider-of.js';

let server: TestServer;
let api: Api;
let sim: TwilioSimulator;
let t: InboxTenant;
let other: InboxTenant;

/** A fresh, valid Brazilian mobile number as contacts store it (digits with the country code). */
const mobile = () => `55119${randomInt(6, 10)}${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;

const settingsBody = (overrides: Record<string, unknown> = {}) => ({
  accountSid: sim.accountSid,
  authToken: sim.authToken,
  fromNumber: sim.numbers[0],
  baseUrl: sim.url,
  ...overrides,
});

async function smsRow(id: string) {
  const [row] = await rows(server.ctx, sql`select * from sms_messages where id = ${id}`);
  return row as Record<string, any>;
}

/** A ticket of `t`'s queue (the agent sees it, the outsider does not) whose contact has `number`. */
async function ticketFor(number = mobile()) {
  const { ticketId, contactId } = await inboundTicket(
    server.ctx,
    { tenantId: t.tenant.id, channelId: t.channel.id },
    { key: { number }, name: 'Cliente SMS' },
  );
  return { ticketId, contactId, number };
}

async function sendToTicket(ticketId: number, body: string, token = t.agent.token) {
  const response = await api.post('/sms', { ticketId, body }, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string; status: string; to: string };
}

const settled = (id: string, statuses: string[], timeoutMs = 10_000) =>
  eventually(
    async () => {
      const row = await smsRow(id);
      return statuses.includes(row?.status) ? row : undefined;
    },
    { timeoutMs, what: `SMS ${id} to reach ${statuses.join('/')}` },
  );

beforeAll(async () => {
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  api = new Api(server.url);
  sim = await startTwilioSimulator({ numbers: ['+15005550006'], autoStatuses: { delayMs: 30 } });
  t = await buildInboxTenant(server);
  other = await buildInboxTenant(server);
}, 60_000);

afterAll(async () => {
  await sim?.settle();
  await server?.close();
  await sim?.close();
});

describe('settings (admin only; the Auth Token sealed at rest and masked)', () => {
  it('is unconfigured at first, refuses non-admins, and masks the stored token', async () => {
    const before = await api.get('/settings/sms', { token: t.admin.token });
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ configured: false, provider: 'twilio', authToken: '', baseUrl: 'https://api.twilio.com' });
    expect((await api.get('/sms/config', { token: t.agent.token })).body).toEqual({ configured: false });

    const denied = await api.put('/settings/sms', settingsBody(), { token: t.agent.token });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe('ERR_NO_PERMISSION');

    const saved = await api.put('/settings/sms', settingsBody(), { token: t.admin.token });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({
      configured: true,
      accountSid: sim.accountSid,
      authToken: '••••••',
      fromNumber: '+15005550006',
      baseUrl: sim.url,
    });
    expect(JSON.stringify(saved.body)).not.toContain(sim.authToken);
    const [stored] = await rows(server.ctx, sql`select auth_token from sms_settings where tenant_id = ${t.tenant.id}`);
    expect(stored.auth_token).toMatch(/^enc:v1:/);
    expect(String(stored.auth_token)).not.toContain(sim.authToken);
    expect((await api.get('/sms/config', { token: t.agent.token })).body).toEqual({ configured: true });

    // The mask sent back keeps the stored token: the sends below use it.
    const kept = await api.put('/settings/sms', settingsBody({ authToken: '••••••' }), { token: t.admin.token });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect((await api.post('/settings/sms/test', settingsBody({ authToken: '••••••' }), { token: t.admin.token })).status).toBe(200);
  });

  it('refuses incomplete or malformed settings with field errors', async () => {
    const none = await api.put('/settings/sms', settingsBody({ fromNumber: null }), { token: t.admin.token });
    expect(none.status).toBe(400);
    expect(none.body.error).toBe('ERR_VALIDATION');
    expect(none.body.fields.fromNumber).toBeDefined();
    const badSid = await api.put('/settings/sms', settingsBody({ accountSid: 'AC123' }), { token: t.admin.token });
    expect(badSid.status).toBe(400);
    expect(badSid.body.fields.accountSid).toBeDefined();
    // The mask stands for a stored token only: a tenant without one must type it.
    const masked = await api.put('/settings/sms', settingsBody({ authToken: '••••••' }), { token: other.admin.token });
    expect(masked.status).toBe(400);
    expect(masked.body.fields.authToken).toBeDefined();
  });

  it('refuses a base URL on a private network unless private networks are allowed (SSRF policy)', async () => {
    const strict = { ...server.ctx, outbound: createOutboundPolicy({ allowPrivateNetworks: false }) };
    const actor = { tenantId: other.tenant.id, userId: other.admin.id, profile: 'admin' as const };
    const error = await saveSmsSettings(strict, actor as never, {
      ...settingsBody(),
      messagingServiceSid: null,
      baseUrl: 'http://127.0.0.1:9',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('ERR_VALIDATION');
    expect(JSON.stringify((error as AppError).fields)).toContain('private network');
  });

  it("tests the connection: Twilio's account, or its refusal in clear words", async () => {
    const ok = await api.post('/settings/sms/test', settingsBody(), { token: t.admin.token });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toEqual({ ok: true, accountName: 'Conversa simulator', accountStatus: 'active' });

    const refused = await api.post('/settings/sms/test', settingsBody({ authToken: 'f'.repeat(32) }), { token: t.admin.token });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('ERR_SMS_PROVIDER_REFUSED');
    expect(refused.body.message).toContain('20003');

    const unreachable = await api.post('/settings/sms/test', settingsBody({ baseUrl: 'http://127.0.0.1:9' }), { token: t.admin.token });
    expect(unreachable.status).toBe(400);
    expect(unreachable.body.error).toBe('ERR_SMS_PROVIDER_UNREACHABLE');
  });
});

describe('sending (POST /sms) and the delivery statuses', () => {
  beforeAll(async () => {
    const saved = await api.put('/settings/sms', settingsBody(), { token: t.admin.token });
    expect(saved.status).toBe(200);
  });

  it("sends to the ticket's contact through Twilio and records sent, then delivered from the signed callbacks", async () => {
    const { ticketId, contactId, number } = await ticketFor();
    const queued = await sendToTicket(ticketId, 'Olá! Seu pedido saiu para entrega.');
    expect(queued).toMatchObject({
      status: 'queued',
      to: `+${number}`,
      contactId,
      ticketId,
      segments: 1,
      userId: t.agent.id,
      sourceKind: 'agent',
    });

    const row = await settled(queued.id, ['delivered']);
    const sent = sim.sent.filter((m) => m.to === `+${number}`);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      from: '+15005550006',
      body: 'Olá! Seu pedido saiu para entrega.',
      statusCallback: `${server.url}/webhooks/sms/twilio/${queued.id}`,
    });
    expect(row.provider_id).toBe(sent[0].sid);
    expect(row.sent_at).toBeTruthy();
    expect(row.delivered_at).toBeTruthy();

    const history = await api.get(`/sms?ticketId=${ticketId}`, { token: t.agent.token });
    expect(history.status).toBe(200);
    expect(history.body[0]).toMatchObject({ id: queued.id, status: 'delivered', providerId: sent[0].sid, reason: null });
    expect((await api.get(`/sms?contactId=${contactId}`, { token: t.agent.token })).body.map((s: { id: string }) => s.id)).toContain(
      queued.id,
    );

    // A repeated or late callback changes nothing backwards (idempotent).
    const again = await sim.sendStatus(sent[0].sid, 'sent');
    expect(again.status).toBe(200);
    expect(JSON.parse(again.responseBody).outcome).toBe('unchanged (delivered)');
    expect((await smsRow(queued.id)).status).toBe('delivered');
  });

  it("records an undelivered SMS as failed with the carrier's reason", async () => {
    const { ticketId, number } = await ticketFor();
    sim.markUndeliverable(`+${number}`, 30003);
    const queued = await sendToTicket(ticketId, 'Mensagem que não chega');
    const row = await settled(queued.id, ['failed']);
    expect(row.error_code).toBe('30003');
    const [shown] = (await api.get(`/sms?ticketId=${ticketId}`, { token: t.agent.token })).body;
    expect(shown).toMatchObject({ status: 'failed', errorCode: '30003', reason: 'unreachable' });
  });

  it("records a refused SMS as failed with Twilio's code, without retrying", async () => {
    const { ticketId, number } = await ticketFor();
    sim.markRefused(`+${number}`, 'optedOut');
    const queued = await sendToTicket(ticketId, 'Para quem pediu STOP');
    const row = await settled(queued.id, ['failed']);
    expect(row).toMatchObject({ error_code: '21610', error: 'Attempt to send to unsubscribed recipient' });
    expect(sim.requests.filter((r) => r.method === 'POST' && (r.body as Record<string, string>)?.To === `+${number}`)).toHaveLength(1);
    expect((await api.get(`/sms?ticketId=${ticketId}`, { token: t.agent.token })).body[0].reason).toBe('optedOut');
  });

  it('refuses a status callback with a wrong, foreign or missing signature (403) and changes nothing', async () => {
    const { ticketId } = await ticketFor();
    sim.setAutoStatuses(false);
    try {
      const queued = await sendToTicket(ticketId, 'Assinatura');
      const row = await settled(queued.id, ['sent']);
      const forged = await sim.sendStatus(row.provider_id, 'delivered', { signature: 'bm90IGEgc2lnbmF0dXJl' });
      expect(forged.status).toBe(403);
      expect(JSON.parse(forged.responseBody).error).toBe('ERR_NO_PERMISSION');
      const otherToken = await sim.sendStatus(row.provider_id, 'delivered', { authToken: 'a'.repeat(32) });
      expect(otherToken.status).toBe(403);
      const unsigned = await sim.sendStatus(row.provider_id, 'delivered', { signature: false });
      expect(unsigned.status).toBe(403);
      // Signed for another SMS's URL: refused too (the URL is part of what is signed).
      const elsewhere = await sim.sendStatus(row.provider_id, 'delivered', { url: smsStatusCallbackUrl(server.ctx, randomUUID()) });
      expect(elsewhere.status).toBe(403);
      expect((await smsRow(queued.id)).status).toBe('sent');
      // The genuine one is applied.
      const genuine = await sim.sendStatus(row.provider_id, 'delivered');
      expect(genuine.status).toBe(200);
      expect((await smsRow(queued.id)).status).toBe('delivered');
    } finally {
      sim.setAutoStatuses({ delayMs: 30 });
    }
  });

  it('refuses: no access to the ticket (403), another tenant (404), no valid number (400), not configured (409)', async () => {
    const { ticketId } = await ticketFor();
    const hidden = await api.post('/sms', { ticketId, body: 'x' }, { token: t.outsider.token });
    expect(hidden.status).toBe(403);
    expect(hidden.body.error).toBe('ERR_NO_PERMISSION');
    const foreign = await api.post('/sms', { ticketId, body: 'x' }, { token: other.admin.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('ERR_NO_TICKET_FOUND');
    expect((await api.get(`/sms?ticketId=${ticketId}`, { token: other.admin.token })).status).toBe(404);

    const landline = await buildContact(server.ctx, t.tenant.id, { number: '123456' });
    const invalid = await api.post('/sms', { contactId: landline.id, body: 'x' }, { token: t.agent.token });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toBe('ERR_SMS_INVALID_NUMBER');

    const theirs = await buildContact(server.ctx, other.tenant.id, { number: mobile() });
    const unconfigured = await api.post('/sms', { contactId: theirs.id, body: 'x' }, { token: other.agent.token });
    expect(unconfigured.status).toBe(409);
    expect(unconfigured.body.error).toBe('ERR_SMS_NOT_CONFIGURED');
    expect(await rows(server.ctx, sql`select id from sms_messages where tenant_id = ${other.tenant.id}`)).toHaveLength(0);

    const both = await api.post('/sms', { body: 'x' }, { token: t.agent.token });
    expect(both.status).toBe(400);
    expect(both.body.error).toBe('ERR_VALIDATION');
  });

  it('sends once for a repeated clientKey (a double click)', async () => {
    const { ticketId, number } = await ticketFor();
    const clientKey = randomUUID();
    const first = await api.post('/sms', { ticketId, body: 'Uma vez só', clientKey }, { token: t.agent.token });
    const second = await api.post('/sms', { ticketId, body: 'Uma vez só', clientKey }, { token: t.agent.token });
    expect(first.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    await settled(first.body.id, ['delivered']);
    expect(sim.sent.filter((m) => m.to === `+${number}`)).toHaveLength(1);
  });
});

describe('exactly once (queueSms and the send job)', () => {
  const queue = (
    input: { to: string; body: string; sourceKey: string },
    before?: Parameters<typeof transitionSms>[4],
    beforeCommit?: (smsId: string) => Promise<unknown>,
  ) =>
    transact(server.ctx, async (tx, events) => {
      const result = await queueSms(server.ctx, tx, events, { tenantId: t.tenant.id, sourceKind: 'test', ...input });
      // A claim committed together with its row stands for a process killed after claiming: the job finds it 'sending'.
      if (before) await transitionSms(tx, t.tenant.id, result.sms.id, ['queued'], before);
      await beforeCommit?.(result.sms.id);
      return result;
    });

  it('sends once when the same source key is queued twice', async () => {
    const to = mobile();
    const sourceKey = `mass-1:${to}`;
    const first = await queue({ to, body: 'Promoção de hoje', sourceKey });
    const second = await queue({ to: `+${to}`, body: 'Promoção de hoje', sourceKey });
    expect(first.created).toBe(true);
    expect(second).toMatchObject({ created: false, sms: { id: first.sms.id } });
    await settled(first.sms.id, ['delivered']);
    expect(sim.sent.filter((m) => m.to === `+${to}`)).toHaveLength(1);
    expect(
      await rows(server.ctx, sql`select id from sms_messages where tenant_id = ${t.tenant.id} and source_key = ${sourceKey}`),
    ).toHaveLength(1);
  });

  it('refuses an invalid number or an empty body before writing anything', async () => {
    const bad = await queue({ to: '12', body: 'x', sourceKey: randomUUID() }).catch((e: unknown) => e);
    expect((bad as AppError).code).toBe('ERR_SMS_INVALID_NUMBER');
    const empty = await queue({ to: mobile(), body: '   ', sourceKey: randomUUID() }).catch((e: unknown) => e);
    expect((empty as AppError).code).toBe('ERR_VALIDATION');
  });

  it('flags a send interrupted after its claim unconfirmed when Twilio does not have it, and sends nothing', async () => {
    const to = mobile();
    const postsBefore = sim.requests.filter((r) => r.method === 'POST').length;
    const { sms } = await queue({ to, body: 'Interrompido', sourceKey: randomUUID() }, { status: 'sending', claimedAt: new Date() });
    const row = await settled(sms.id, ['unconfirmed']);
    expect(row.provider_id).toBeNull();
    // The job asked Twilio for the messages to that number, and sent nothing.
    expect(
      sim.requests.some(
        (r) => r.method === 'GET' && r.path.endsWith('/Messages.json') && (r.query as Record<string, string>).To === `+${to}`,
      ),
    ).toBe(true);
    expect(sim.requests.filter((r) => r.method === 'POST').length).toBe(postsBefore);
    expect(sim.sent.filter((m) => m.to === `+${to}`)).toHaveLength(0);
  });

  it('settles a send interrupted after Twilio accepted it from Twilio’s own list, without sending it again', async () => {
    const to = mobile();
    sim.setAutoStatuses(false);
    try {
      // What the killed process had sent after its claim: Twilio has the message, the database does not know its id.
      const client = new TwilioClient(server.ctx, {
        accountSid: sim.accountSid,
        authToken: sim.authToken,
        fromNumber: sim.numbers[0],
        messagingServiceSid: null,
        baseUrl: sim.url,
      });
      let providerId = '';
      const { sms } = await queue(
        { to, body: 'Aceito antes da queda', sourceKey: randomUUID() },
        { status: 'sending', claimedAt: new Date() },
        async (id) => {
          ({ providerId } = await client.send({
            to: `+${to}`,
            body: 'Aceito antes da queda',
            statusCallback: smsStatusCallbackUrl(server.ctx, id),
          }));
        },
      );
      const row = await settled(sms.id, ['sent']);
      expect(row.provider_id).toBe(providerId);
      expect(sim.sent.filter((m) => m.to === `+${to}`)).toHaveLength(1);
    } finally {
      sim.setAutoStatuses({ delayMs: 30 });
    }
  });

  it('flags a send whose answer was lost unconfirmed, never resends it, and lets the callbacks settle it', async () => {
    const to = mobile();
    sim.setAutoStatuses(false);
    try {
      sim.dropAnswers(1);
      const { sms } = await queue({ to, body: 'Resposta perdida', sourceKey: randomUUID() });
      const row = await settled(sms.id, ['unconfirmed'], 15_000);
      expect(row.provider_id).toBeNull();
      const accepted = sim.sent.filter((m) => m.to === `+${to}`);
      expect(accepted).toHaveLength(1);
      expect(sim.requests.filter((r) => r.method === 'POST' && (r.body as Record<string, string>)?.To === `+${to}`)).toHaveLength(1);
      // Twilio's callback names the SMS in its URL: it settles the unconfirmed send.
      expect((await sim.sendStatus(accepted[0].sid, 'delivered')).status).toBe(200);
      expect(await smsRow(sms.id)).toMatchObject({ status: 'delivered', provider_id: accepted[0].sid });
    } finally {
      sim.setAutoStatuses({ delayMs: 30 });
    }
  });
});

describe('settings removal', () => {
  it('asks nothing more of Twilio once removed: sends are refused, the history stays', async () => {
    const tenant = await buildInboxTenant(server);
    expect((await api.put('/settings/sms', settingsBody(), { token: tenant.admin.token })).status).toBe(200);
    const contact = await buildContact(server.ctx, tenant.tenant.id, { number: mobile() });
    const sent = await api.post('/sms', { contactId: contact.id, body: 'Antes' }, { token: tenant.agent.token });
    await settled(sent.body.id, ['delivered']);
    expect((await api.delete('/settings/sms', { token: tenant.agent.token })).status).toBe(403);
    expect((await api.delete('/settings/sms', { token: tenant.admin.token })).status).toBe(204);
    expect((await api.get('/settings/sms', { token: tenant.admin.token })).body.configured).toBe(false);
    expect((await api.post('/sms', { contactId: contact.id, body: 'Depois' }, { token: tenant.agent.token })).body.error).toBe(
      'ERR_SMS_NOT_CONFIGURED',
    );
    expect((await api.get(`/sms?contactId=${contact.id}`, { token: tenant.agent.token })).body).toHaveLength(1);
  });
});

describe('numbers', () => {
  it('reads stored, international and Brazilian national numbers; refuses the rest', () => {
    expect(smsNumber('5511987654321')).toBe('+5511987654321');
    expect(smsNumber('+55 (11) 98765-4321')).toBe('+5511987654321');
    expect(smsNumber('(11) 98765-4321')).toBe('+5511987654321');
    expect(smsNumber('0055 11 98765 4321')).toBe('+5511987654321');
    expect(smsNumber('+1 415 555 2671')).toBe('+14155552671');
    expect(smsNumber('123')).toBeUndefined();
    expect(smsNumber('webchat:abc')).toBeUndefined();
    expect(smsNumber('')).toBeUndefined();
  });
});

describe('the simulator keeps to the documented payloads', () => {
  const keys = (value: object) => Object.keys(value).sort();

  it('answers and calls back in the shapes of the fixtures', async () => {
    const auth = { authorization: `Basic ${Buffer.from(`${sim.accountSid}:${sim.authToken}`).toString('base64')}` };
    const base = `${sim.url}/2010-04-01/Accounts/${sim.accountSid}`;
    const form = new URLSearchParams({
      To: '+5511987650000',
      From: sim.numbers[0],
      Body: 'fixture',
      StatusCallback: `${server.url}/webhooks/sms/twilio/${randomUUID()}`,
    });
    sim.setAutoStatuses(false);
    try {
      const created = await fetch(`${base}/Messages.json`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      });
      expect(created.status).toBe(201);
      expect(keys((await created.json()) as object)).toEqual(keys(twilioFixture('message-create-response')));
      const list = (await (await fetch(`${base}/Messages.json?To=%2B5511987650000`, { headers: auth })).json()) as { messages: object[] };
      expect(keys(list)).toEqual(keys(twilioFixture('messages-list-response')));
      expect(keys(list.messages[0])).toEqual(keys(twilioFixture<{ messages: object[] }>('messages-list-response').messages[0]));
      const account = (await (await fetch(`${base}.json`, { headers: auth })).json()) as object;
      expect(keys(account)).toEqual(keys(twilioFixture('account-fetch-response')));
      const unauthorized = await fetch(`${base}/Messages.json`, { method: 'POST', body: form });
      expect(unauthorized.status).toBe(401);
      expect(await unauthorized.json()).toEqual(twilioFixture('error-20003'));
      const invalid = await fetch(`${base}/Messages.json`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: '12345', From: sim.numbers[0], Body: 'x' }),
      });
      expect(invalid.status).toBe(400);
      expect(keys((await invalid.json()) as object)).toEqual(keys(twilioFixture('error-21211')));

      const sid = sim.sent.at(-1)!.sid;
      for (const [status, errorCode, fixture] of [
        ['sent', undefined, 'status-callback-sent'],
        ['delivered', undefined, 'status-callback-delivered'],
        ['undelivered', 30003, 'status-callback-undelivered'],
        ['failed', 30008, 'status-callback-failed'],
      ] as const) {
        const delivery = await sim.sendStatus(sid, status, errorCode ? { errorCode } : {});
        expect(keys(delivery.params), status).toEqual(keys(twilioFixture(fixture)));
      }
    } finally {
      sim.setAutoStatuses({ delayMs: 30 });
    }
  });
});
