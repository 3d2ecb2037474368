/**
 * Subscriptions and payments (issue 15): sign-up with a plan starts its trial; the trial's end
 * without payment and an overdue payment block the company (only the open routes answer, the rest
 * 402 ERR_TENANT_OVERDUE; sockets follow at once); the Asaas charge, its webhook (token, idempotent
 * by event id) and unblocking; plan change; the operator's routes and manual receipt.
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { SOCKET_EVENTS } from '@conversa/shared';
import { asaasFixture, startAsaasSimulator, type AsaasSimulator } from '@conversa/simulators';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { buildPlan, buildTenant } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { buildAgent, buildChannel, closeAllSockets, connectAgent, eventually, rows, type Agent } from '../../../test/inbox.js';
import { runBillingRound } from './use-cases/run-billing-round.js';

const DAY = 86_400_000;
const WEBHOOK_TOKEN = 'whsec-test-asaas-0123456789';

let server: TestServer;
let api: Api;
let sim: AsaasSimulator;
let rootToken: string;

beforeAll(async () => {
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  // The rounds run when the tests say (after moving the clock): the every-minute schedule is withdrawn.
  await server.ctx.db.execute(sql`delete from pgboss.schedule where name = 'billing.round'`);
  api = new Api(server.url);
  sim = await startAsaasSimulator({ webhook: { url: `${server.url}/webhooks/asaas`, token: WEBHOOK_TOKEN } });
  rootToken = (await api.loginRoot()).token;
  const saved = await api.put(
    '/billing/provider',
    { active: true, baseUrl: `${sim.url}/v3`, apiKey: sim.apiKey, webhookToken: WEBHOOK_TOKEN, billingType: 'UNDEFINED' },
    { token: rootToken },
  );
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  closeAllSockets();
  await sim?.close();
  await server?.close();
});

const advance = async (days: number) => {
  server.ctx.clock.advance(days * DAY);
  await runBillingRound(server.ctx);
};
const paymentsOf = (tenantId: number) =>
  rows(server.ctx, sql`select id, status, due_date::text as due, link, provider_payment_id from payments where tenant_id = ${tenantId} order by due_date`);

/** A billed company on `plan` whose trial ends in `trialDays` days (0: no trial), with its admin logged in. */
async function billedTenant(options: { trialDays?: number; value?: number; users?: number } = {}) {
  const plan = await buildPlan(server.ctx, { value: options.value ?? 149.9, users: options.users ?? 5, connections: 3, trial: Boolean(options.trialDays), trialDays: options.trialDays ?? 0 });
  const now = server.ctx.clock.now();
  const tenant = await buildTenant(server.ctx, {
    planId: plan.id,
    paymentActive: true,
    identity: '11.444.777/0001-61',
    trial: Boolean(options.trialDays),
    trialDays: options.trialDays ?? 0,
    trialEndsAt: options.trialDays ? new Date(now.getTime() + options.trialDays * DAY) : null,
  });
  // Created "now" on the test clock (the first charge of a company without trial is due the day it signed up).
  await server.ctx.db.execute(sql`update tenants set created_at = ${now.toISOString()}::timestamptz where id = ${tenant.id}`);
  const admin = await buildAgent(server, tenant.id, 'admin');
  return { plan, tenant, admin };
}

describe('sign-up with a plan', () => {
  it('starts the trial of the chosen plan: its end, the days left, billed through the provider', async () => {
    const plan = await buildPlan(server.ctx, { name: 'Trial 7', value: 99, trial: true, trialDays: 7 });
    const email = `signup-${Date.now()}@example.test`;
    const signed = await api.post('/signup', {
      name: 'Loja do Teste',
      identity: '529.982.247-25',
      email,
      phone: '+55 11 98765-4321',
      password: 'Secret-pass-1!',
      planId: plan.id,
    });
    expect(signed.status).toBe(201);
    const admin = await api.login(email, 'Secret-pass-1!');
    const subscription = await api.get('/subscription', { token: admin.token });
    expect(subscription.status).toBe(200);
    expect(subscription.body).toMatchObject({ status: 'trial', blocked: false, trialDaysLeft: 7, plan: { id: plan.id, trialDays: 7 }, payments: [] });
    const end = new Date(subscription.body.trialEndsAt).getTime();
    expect(Math.abs(end - (server.ctx.clock.now().getTime() + 7 * DAY))).toBeLessThan(60_000);
  });
});

describe('trial end', () => {
  let company: Awaited<ReturnType<typeof billedTenant>>;
  let agent: Agent;

  beforeAll(async () => {
    company = await billedTenant({ trialDays: 7 });
    agent = await buildAgent(server, company.tenant.id, 'user');
  });

  it('blocks the company without payment: only the open routes answer, sockets told at once', async () => {
    const socket = await connectAgent(server.url, agent.token);
    expect((await api.get('/tickets', { token: agent.token })).status).toBe(200);

    await advance(8);

    const told = await socket.waitFor(SOCKET_EVENTS.tenantBilling);
    expect(told).toEqual({ blocked: true, reason: expect.stringMatching(/trial_ended|payment_overdue/) });
    for (const [path, token] of [
      ['/tickets', agent.token],
      ['/contacts', company.admin.token],
      ['/queue/', company.admin.token],
      ['/users/', company.admin.token],
    ] as const) {
      const refused = await api.get(path, { token });
      expect(refused.status, path).toBe(402);
      expect(refused.body.error).toBe('ERR_TENANT_OVERDUE');
    }
    // Open: the state, the subscription, settings, one's own profile.
    expect((await api.get('/subscription/status', { token: agent.token })).body).toMatchObject({ blocked: true, status: 'blocked' });
    expect((await api.get('/subscription', { token: company.admin.token })).status).toBe(200);
    expect((await api.get('/settings/', { token: company.admin.token })).status).toBe(200);
    expect((await api.get(`/users/${agent.id}`, { token: agent.token })).status).toBe(200);
    expect((await api.get(`/users/${agent.id}`, { token: company.admin.token })).status).toBe(402);
    // The charge due at the trial's end was made at the provider, with its pay link.
    const [payment] = await eventually(async () => {
      const list = await paymentsOf(company.tenant.id);
      return list.length && list[0].link ? list : undefined;
    });
    expect(String(payment.link)).toContain(`${sim.url}/i/`);
    const charged = sim.payments.find((p) => p.id === payment.provider_payment_id);
    expect(charged).toMatchObject({ externalReference: payment.id, value: 149.9, billingType: 'UNDEFINED' });
    expect(sim.customers.find((c) => c.id === charged?.customer)).toMatchObject({ cpfCnpj: '11444777000161', externalReference: `tenant-${company.tenant.id}` });
    // A blocked company's sockets are re-roomed: they hear only the billing state.
    await eventually(async () => !socket.socket.connected);
    socket.close();
  });

  it('unblocks at once when the provider says the payment was received; a repeated event changes nothing', async () => {
    const socket = await connectAgent(server.url, agent.token);
    const [payment] = await paymentsOf(company.tenant.id);
    const delivery = await sim.pay(String(payment.provider_payment_id));
    expect(delivery.status).toBe(200);
    expect(JSON.parse(delivery.responseBody)).toEqual({ received: true, handled: true, duplicate: false });
    expect(await socket.waitFor(SOCKET_EVENTS.tenantBilling)).toEqual({ blocked: false, reason: null });
    expect((await api.get('/tickets', { token: agent.token })).status).toBe(200);
    const subscription = await api.get('/subscription', { token: company.admin.token });
    expect(subscription.body).toMatchObject({ status: 'active', blocked: false });
    expect(subscription.body.payments[0]).toMatchObject({ id: payment.id, status: 'received', receivedManuallyBy: null });

    const again = await sim.deliver(delivery.body);
    expect(again.status).toBe(200);
    expect(JSON.parse(again.responseBody)).toMatchObject({ duplicate: true, handled: false });
    expect(await rows(server.ctx, sql`select count(*)::int as n from billing_webhook_events where id = ${String(delivery.body.id)}`)).toEqual([{ n: 1 }]);
    socket.close();
  });

  it('refuses a webhook without the configured token (401), and changes nothing', async () => {
    const [payment] = await paymentsOf(company.tenant.id);
    const fixture = asaasFixture<{ payment: Record<string, unknown> }>('webhook-payment-overdue');
    const body = { ...fixture, id: `evt_forged_${Date.now()}`, payment: { ...fixture.payment, id: payment.provider_payment_id } };
    for (const token of [null, 'wrong-token']) {
      const delivery = await sim.deliver(body, { token });
      expect(delivery.status).toBe(401);
      expect(JSON.parse(delivery.responseBody).error).toBe('ERR_INVALID_WEBHOOK_TOKEN');
    }
    expect((await paymentsOf(company.tenant.id))[0].status).toBe('received');
  });
});

describe('overdue payment', () => {
  it('blocks a company whose payment passed its due date unpaid; the operator marks it received (audited) and it is unblocked', async () => {
    const company = await billedTenant({ value: 79 });
    await runBillingRound(server.ctx);
    const [due] = await paymentsOf(company.tenant.id);
    expect(due).toMatchObject({ status: 'pending' });
    expect((await api.get('/tickets', { token: company.admin.token })).status).toBe(200);

    await advance(2);
    expect((await paymentsOf(company.tenant.id))[0].status).toBe('overdue');
    const refused = await api.get('/tickets', { token: company.admin.token });
    expect(refused.status).toBe(402);
    expect(refused.body.error).toBe('ERR_TENANT_OVERDUE');
    expect((await api.get('/subscription/status', { token: company.admin.token })).body).toMatchObject({ blockReason: 'payment_overdue' });

    // The operator's list and manual receipt.
    const listed = await api.get(`/billing/payments?status=overdue&tenantId=${company.tenant.id}`, { token: rootToken });
    expect(listed.status).toBe(200);
    expect(listed.body.payments.map((p: { id: string }) => p.id)).toEqual([due.id]);
    const marked = await api.post(`/billing/payments/${String(due.id)}/receive`, undefined, { token: rootToken });
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ status: 'received', receivedManuallyBy: expect.any(String) });
    expect((await api.post(`/billing/payments/${String(due.id)}/receive`, undefined, { token: rootToken })).status).toBe(409);
    expect((await api.get('/tickets', { token: company.admin.token })).status).toBe(200);
  });

  it("blocks on the provider's PAYMENT_OVERDUE event", async () => {
    const company = await billedTenant({ value: 59 });
    await runBillingRound(server.ctx);
    const [payment] = await eventually(async () => {
      const list = await paymentsOf(company.tenant.id);
      return list[0]?.provider_payment_id ? list : undefined;
    });
    const delivery = await sim.expire(String(payment.provider_payment_id));
    expect(JSON.parse(delivery.responseBody)).toMatchObject({ handled: true });
    expect((await api.get('/tickets', { token: company.admin.token })).status).toBe(402);
  });
});

describe('plan change', () => {
  it('applies the new plan and its limits; refuses one the company outgrew', async () => {
    const company = await billedTenant({ users: 5 });
    await buildAgent(server, company.tenant.id, 'user');
    await buildChannel(server.ctx, company.tenant.id);
    const small = await buildPlan(server.ctx, { name: 'Pequeno', users: 1, connections: 1, value: 10 });
    const refused = await api.put('/subscription/plan', { planId: small.id }, { token: company.admin.token });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('ERR_PLAN_LIMIT_EXCEEDED');

    const bigger = await buildPlan(server.ctx, { name: 'Maior', users: 20, connections: 8, value: 299 });
    const changed = await api.put('/subscription/plan', { planId: bigger.id }, { token: company.admin.token });
    expect(changed.status).toBe(200);
    expect(changed.body.plan).toMatchObject({ id: bigger.id, users: 20, connections: 8 });
    expect(await rows(server.ctx, sql`select max_users, max_connections, plan_id from tenants where id = ${company.tenant.id}`)).toEqual([
      { max_users: 20, max_connections: 8, plan_id: bigger.id },
    ]);
    expect((await api.put('/subscription/plan', { planId: 999_999 }, { token: company.admin.token })).status).toBe(404);
  });
});

describe('who may', () => {
  it("keeps the operator's routes to the platform superadmin, and never blocks tenant 1", async () => {
    const company = await billedTenant();
    for (const [method, path] of [
      ['GET', '/billing/payments'],
      ['GET', '/billing/overview'],
      ['GET', '/billing/provider'],
      ['PUT', '/billing/provider'],
      ['POST', '/billing/payments/00000000-0000-4000-8000-000000000000/receive'],
    ] as const) {
      const answer = await api.request(method, path, { token: company.admin.token, body: method === 'PUT' ? { active: false, baseUrl: 'https://api.asaas.com/v3' } : undefined });
      expect(answer.status, `${method} ${path}`).toBe(403);
    }
    const agent = await buildAgent(server, company.tenant.id, 'user');
    expect((await api.get('/subscription', { token: agent.token })).status).toBe(403);

    const provider = await api.get('/billing/provider', { token: rootToken });
    expect(provider.body).toMatchObject({ configured: true, active: true, apiKey: '********', webhookToken: '********' });
    expect(JSON.stringify(provider.body)).not.toContain(sim.apiKey);
    const stored = await rows(server.ctx, sql`select api_key, webhook_token from billing_settings`);
    expect(String(stored[0].api_key)).not.toContain(sim.apiKey);

    await server.ctx.db.execute(sql`update tenants set payment_active = true, trial_ends_at = now() - interval '1 day' where id = 1`);
    await runBillingRound(server.ctx);
    expect((await api.get('/tickets', { token: rootToken })).status).toBe(200);
    const overview = await api.get('/billing/overview', { token: rootToken });
    expect(overview.status).toBe(200);
    expect(overview.body.mrr).toBeGreaterThan(0);
  });
});
