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
  // The rounds run when the tests say (after moving the clock): the every-minute schedule is never
  // made here. Withdrawing it after the start was not enough: pg-boss's cron sender may already have
  // queued a round, which then ran in the middle of a test.
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' }, { context: { unscheduled: ['billing.round'] } });
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
  rows(
    server.ctx,
    sql`select id, status, due_date::text as due, link, provider_payment_id from payments where tenant_id = ${tenantId} order by due_date`,
  );

/** A billed company on `plan` whose trial ends in `trialDays` days (0: no trial), with its admin logged in. */
async function billedTenant(options: { trialDays?: number; value?: number; users?: number } = {}) {
  const plan = await buildPlan(server.ctx, {
    value: options.value ?? 149.9,
    users: options.users ?? 5,
    connections: 3,
    trial: Boolean(options.trialDays),
    trialDays: options.trialDays ?? 0,
  });
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
    expect(subscription.body).toMatchObject({
      status: 'trial',
      blocked: false,
      trialDaysLeft: 7,
      plan: { id: plan.id, trialDays: 7 },
      payments: [],
    });
    const end = new Date(subscription.body.trialEndsAt).getTime();
    expect(Math.abs(end - (server.ctx.clock.now().getTime() + 7 * DAY))).toBeLessThan(60_000);
  });
});

describe('companies made by the operator or the Tenant API', () => {
  let seq = 0;
  const adminOf = () => ({ name: 'Dona Teste', email: `made-${++seq}-${Date.now()}@example.test`, password: 'Secret-pass-1!' });

  it("the operator's company (/tenants) gets the plan's trial and is billed like a sign-up: blocked when the trial ends unpaid", async () => {
    const plan = await buildPlan(server.ctx, { name: 'Operador 5', value: 120, trial: true, trialDays: 5 });
    const admin = adminOf();
    const created = await api.post(
      '/tenants',
      { name: 'Feita pelo operador', status: 'active', maxUsers: 5, maxConnections: 2, planId: plan.id, admin },
      { token: rootToken },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ paymentActive: true, trial: true, trialDays: 5, planId: plan.id });
    const { token } = await api.login(admin.email, admin.password);
    const status = await api.get('/subscription/status', { token });
    expect(status.body).toMatchObject({ status: 'trial', blocked: false, trialDaysLeft: 5 });
    expect(Math.abs(new Date(status.body.trialEndsAt).getTime() - (server.ctx.clock.now().getTime() + 5 * DAY))).toBeLessThan(60_000);

    await advance(6);
    const [charge] = await rows(server.ctx, sql`select value::float8 as value, status from payments where tenant_id = ${created.body.id}`);
    expect(charge).toMatchObject({ value: 120 });
    const refused = await api.get('/tickets', { token });
    expect(refused.status).toBe(402);
    expect(refused.body.error).toBe('ERR_TENANT_OVERDUE');
  });

  it('the operator may exempt a company (paymentActive false) or give it its own trial', async () => {
    const plan = await buildPlan(server.ctx, { name: 'Operador 3', value: 90, trial: true, trialDays: 3 });
    const exempt = adminOf();
    const free = await api.post(
      '/tenants',
      { name: 'Isenta', status: 'active', maxUsers: 5, maxConnections: 2, planId: plan.id, paymentActive: false, admin: exempt },
      { token: rootToken },
    );
    expect(free.status).toBe(201);
    expect(free.body).toMatchObject({ paymentActive: false, trial: true, trialDays: 3 });
    const own = await api.post(
      '/tenants',
      { name: 'Teste longo', status: 'active', maxUsers: 5, maxConnections: 2, planId: plan.id, trial: true, trialDays: 20 },
      { token: rootToken },
    );
    expect(own.body).toMatchObject({ paymentActive: true, trial: true, trialDays: 20 });
    const none = await api.post(
      '/tenants',
      { name: 'Sem teste', status: 'active', maxUsers: 5, maxConnections: 2, planId: plan.id, trial: false },
      { token: rootToken },
    );
    expect(none.body).toMatchObject({ paymentActive: true, trial: false, trialDays: 0 });
    // A company without plan, or on a free one, is not billed.
    const noPlan = await api.post(
      '/tenants',
      { name: 'Sem plano', status: 'active', maxUsers: 5, maxConnections: 2 },
      { token: rootToken },
    );
    expect(noPlan.body).toMatchObject({ paymentActive: false, trial: false });

    await advance(4);
    const { token } = await api.login(exempt.email, exempt.password);
    expect((await api.get('/subscription/status', { token })).body).toMatchObject({ status: 'exempt', blocked: false });
    expect((await api.get('/tickets', { token })).status).toBe(200);
    expect(
      await rows(server.ctx, sql`select tenant_id from payments where tenant_id in (${free.body.id}, ${own.body.id}, ${noPlan.body.id})`),
    ).toEqual([]);
    // No trial: charged from the day it was made.
    expect(await rows(server.ctx, sql`select value::float8 as value from payments where tenant_id = ${none.body.id}`)).toEqual([
      { value: 90 },
    ]);
  });

  it("a Tenant API company gets the plan's trial (or timetest) and is billed", async () => {
    const plan = await buildPlan(server.ctx, { name: 'Revenda 4', value: 75, users: 4, connections: 1, trial: true, trialDays: 4 });
    const token = await api.post('/tenant-api', { name: 'Revenda cobrada' }, { token: rootToken });
    expect(token.status).toBe(201);
    const reseller = token.body as { token: string; basePath: string };
    const made = async (extra: Record<string, unknown> = {}) => {
      const admin = adminOf();
      const body = {
        name: admin.name,
        email: admin.email,
        password: admin.password,
        tenantName: `Cliente ${seq}`,
        plano: String(plan.id),
        ...extra,
      };
      const created = await api.post(`${reseller.basePath}/createtenant`, body, { token: reseller.token });
      expect(created.status).toBe(201);
      return { id: created.body.id as number, token: (await api.login(admin.email, admin.password)).token };
    };
    const trial = await made();
    const now = await made({ timetest: '0' });
    expect((await api.get('/subscription/status', { token: trial.token })).body).toMatchObject({ status: 'trial', trialDaysLeft: 4 });
    expect((await api.get('/subscription/status', { token: now.token })).body).toMatchObject({ status: 'active', blocked: false });

    await runBillingRound(server.ctx);
    // Due the day it was made (the database's clock, behind the moved test clock: overdue at once — not asserted here).
    expect(await rows(server.ctx, sql`select value::float8 as value from payments where tenant_id = ${now.id}`)).toEqual([{ value: 75 }]);
    // The trial's company: its first charge (made within the lead days) is due the day the trial ends; it works meanwhile.
    expect(await rows(server.ctx, sql`select value::float8 as value, status from payments where tenant_id = ${trial.id}`)).toEqual([
      { value: 75, status: 'pending' },
    ]);
    expect((await api.get('/tickets', { token: trial.token })).status).toBe(200);
    await advance(5);
    expect((await api.get('/tickets', { token: trial.token })).status).toBe(402);
    expect(await rows(server.ctx, sql`select value::float8 as value from payments where tenant_id = ${trial.id}`)).toEqual([{ value: 75 }]);
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
    expect((await api.get('/subscription/billing', { token: company.admin.token })).status).toBe(200);
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
    expect(sim.customers.find((c) => c.id === charged?.customer)).toMatchObject({
      cpfCnpj: '11444777000161',
      externalReference: `tenant-${company.tenant.id}`,
    });
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
    expect(
      await rows(server.ctx, sql`select count(*)::int as n from billing_webhook_events where id = ${String(delivery.body.id)}`),
    ).toEqual([{ n: 1 }]);
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
    // The platform audit log (platform-ops) has both: the receipt, and the refused second one.
    const audit = await api.get('/platform/audit?action=payment.receive', { token: rootToken });
    expect(audit.status).toBe(200);
    const entries = audit.body.filter((entry: { targetId: string }) => entry.targetId === String(due.id));
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'payment.receive',
        targetType: 'payment',
        targetTenantId: company.tenant.id,
        outcome: 'ERR_PAYMENT_ALREADY_RECEIVED',
        tenantId: 1,
      }),
      expect.objectContaining({
        action: 'payment.receive',
        targetType: 'payment',
        targetTenantId: company.tenant.id,
        outcome: 'ok',
        userName: expect.any(String),
        details: { value: 79, dueDate: due.due, previousStatus: 'overdue' },
      }),
    ]);
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

describe('plan change: limits and the next charge', () => {
  it('refuses a plan with fewer connections than the company has, changing nothing', async () => {
    const company = await billedTenant({ users: 5 });
    await buildChannel(server.ctx, company.tenant.id);
    await buildChannel(server.ctx, company.tenant.id);
    const oneConnection = await buildPlan(server.ctx, { name: 'Uma conexão', users: 50, connections: 1, value: 20 });
    const limits = sql`select plan_id, max_users, max_connections from tenants where id = ${company.tenant.id}`;
    const before = await rows(server.ctx, limits);
    const refused = await api.put('/subscription/plan', { planId: oneConnection.id }, { token: company.admin.token });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'ERR_PLAN_LIMIT_EXCEEDED' });
    expect(await rows(server.ctx, limits)).toEqual(before);
    expect(before).toEqual([expect.objectContaining({ plan_id: company.plan.id })]);
    // A user, not an admin, may not change it.
    const agent = await buildAgent(server, company.tenant.id, 'user');
    expect((await api.put('/subscription/plan', { planId: oneConnection.id }, { token: agent.token })).status).toBe(403);
  });

  it("charges made keep their value; the next charge is the new plan's", async () => {
    const company = await billedTenant({ value: 79 });
    await runBillingRound(server.ctx);
    const [first] = await paymentsOf(company.tenant.id);
    const pricier = await buildPlan(server.ctx, { name: 'Mais caro', users: 10, connections: 5, value: 199.5 });
    const changed = await api.put('/subscription/plan', { planId: pricier.id }, { token: company.admin.token });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      plan: { id: pricier.id, value: 199.5 },
      payments: [expect.objectContaining({ id: first.id, value: 79 })],
    });
    expect((await api.post(`/billing/payments/${String(first.id)}/receive`, undefined, { token: rootToken })).status).toBe(200);

    await advance(27);
    const charges = await rows(
      server.ctx,
      sql`select id, value::float8 as value, plan_id from payments where tenant_id = ${company.tenant.id} order by due_date`,
    );
    expect(charges).toEqual([
      { id: first.id, value: 79, plan_id: company.plan.id },
      { id: expect.any(String), value: 199.5, plan_id: pricier.id },
    ]);
  });
});

describe('billing data (/configuracoes/pagamentos)', () => {
  it("answers the company's admins its plan, customer id and, from Asaas, how its last charge was paid", async () => {
    const company = await billedTenant({ value: 64 });
    const before = await api.get('/subscription/billing', { token: company.admin.token });
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      tenantId: company.tenant.id,
      plan: expect.objectContaining({ id: company.plan.id, value: 64 }),
      billed: true,
      paymentActive: true,
      provider: 'asaas',
      customerId: null,
      lastPaymentMethod: null,
      providerUnavailable: false,
    });

    await runBillingRound(server.ctx);
    const [charge] = await eventually(async () => {
      const list = await paymentsOf(company.tenant.id);
      return list[0]?.provider_payment_id ? list : undefined;
    });
    await sim.pay(String(charge.provider_payment_id), 'PAYMENT_RECEIVED', 'PIX');
    const customer = sim.customers.find((c) => c.externalReference === `tenant-${company.tenant.id}`);
    const after = await api.get('/subscription/billing', { token: company.admin.token });
    expect(after.body).toMatchObject({
      customerId: customer?.id,
      lastPaymentMethod: { billingType: 'PIX', value: 64, paidOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
      providerUnavailable: false,
    });

    // Asaas refusing (a wrong API key): the rest is answered, and it says the provider did not.
    const provider = { active: true, baseUrl: `${sim.url}/v3`, webhookToken: WEBHOOK_TOKEN, billingType: 'UNDEFINED' };
    expect((await api.put('/billing/provider', { ...provider, apiKey: 'wrong-key' }, { token: rootToken })).status).toBe(200);
    try {
      const unavailable = await api.get('/subscription/billing', { token: company.admin.token });
      expect(unavailable.status).toBe(200);
      expect(unavailable.body).toMatchObject({
        customerId: customer?.id,
        lastPaymentMethod: null,
        providerUnavailable: true,
        billed: true,
      });
    } finally {
      expect((await api.put('/billing/provider', { ...provider, apiKey: sim.apiKey }, { token: rootToken })).status).toBe(200);
    }

    const agent = await buildAgent(server, company.tenant.id, 'user');
    expect((await api.get('/subscription/billing', { token: agent.token })).status).toBe(403);
    const platform = await api.get('/subscription/billing', { token: rootToken });
    expect(platform.status).toBe(409);
    expect(platform.body.error).toBe('ERR_NO_SUBSCRIPTION');
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
      const answer = await api.request(method, path, {
        token: company.admin.token,
        body: method === 'PUT' ? { active: false, baseUrl: 'https://api.asaas.com/v3' } : undefined,
      });
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
