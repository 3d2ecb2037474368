import { SECRET_MASK } from '@conversa/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { buildPlan, buildTenant, buildUser } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { buildChannel, rows } from '../../../test/inbox.js';
import { sealStoredPaymentTokens } from './use-cases/seal-stored-payment-tokens.js';

let server: TestServer;
let api: Api;
let root: string;

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
  root = (await api.loginRoot()).token;
});
afterAll(() => server?.close());

const TENANT_FIELDS = [
  'id',
  'status',
  'name',
  'maxUsers',
  'maxConnections',
  'identity',
  'paymentToken',
  'paymentCustomerId',
  'paymentActive',
  'trial',
  'trialDays',
  'hideUnoficial',
  'planId',
  'userCount',
  'createdAt',
  'updatedAt',
].sort();

describe('who may manage tenants', () => {
  it('only the superadmin of tenant 1: admins, supervisors, users of tenant 1 and superadmins of other tenants get 403 ERR_NO_PERMISSION', async () => {
    const other = await buildTenant(server.ctx);
    const callers = [
      await buildUser(server.ctx, 1, { profile: 'admin' }),
      await buildUser(server.ctx, 1, { profile: 'super' }),
      await buildUser(server.ctx, 1, { profile: 'user' }),
      await buildUser(server.ctx, other.id, { profile: 'superadmin' }),
      await buildUser(server.ctx, other.id, { profile: 'admin' }),
    ];
    for (const caller of callers) {
      const { token } = await api.login(caller.email, caller.password);
      const attempts = [
        await api.get('/tenants/', { token }),
        await api.get(`/tenants/${other.id}`, { token }),
        await api.post('/tenants', { name: 'Sneaky', status: 'active', maxUsers: 5, maxConnections: 1 }, { token }),
        await api.put(`/tenants/${other.id}`, { maxUsers: 999 }, { token }),
        await api.delete(`/tenants/${other.id}`, { token }),
      ];
      for (const response of attempts) {
        expect(response.status, `${caller.profile}@${caller.tenantId}`).toBe(403);
        expect(response.body.error).toBe('ERR_NO_PERMISSION');
      }
    }
    const unchanged = await api.get(`/tenants/${other.id}`, { token: root });
    expect(unchanged.body.maxUsers).toBe(other.maxUsers);

    const anonymous = await api.get('/tenants/');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toBe('ERR_INVALID_TOKEN');
  });
});

describe('tenant CRUD', () => {
  it('creates, reads, lists, updates and deletes a tenant', async () => {
    const plan = await buildPlan(server.ctx);
    const created = await api.post(
      '/tenants',
      {
        name: '  Acme Atendimento ',
        status: 'active',
        maxUsers: 3,
        maxConnections: 2,
        identity: '11.222.333/0001-81',
        planId: plan.id,
        trial: true,
        trialDays: 7,
      },
      { token: root },
    );
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(TENANT_FIELDS);
    expect(created.body).toMatchObject({
      name: 'Acme Atendimento',
      status: 'active',
      maxUsers: 3,
      maxConnections: 2,
      identity: '11.222.333/0001-81',
      planId: plan.id,
      trial: true,
      trialDays: 7,
      // Billed like a signed-up company: the plan has a value (issue 15).
      paymentActive: true,
      hideUnoficial: false,
      userCount: 0,
    });
    const id = created.body.id as number;
    expect(id).toBeGreaterThan(1);

    const read = await api.get(`/tenants/${id}`, { token: root });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);

    const list = await api.get('/tenants/', { token: root });
    expect(list.status).toBe(200);
    expect(list.body.map((t: any) => t.id)).toEqual(expect.arrayContaining([1, id]));
    expect(list.body[0]).toMatchObject({ id: 1, userCount: expect.any(Number) });

    const updated = await api.put(
      `/tenants/${id}`,
      { name: 'Acme 2', maxUsers: 10, status: 'inactive', hideUnoficial: true },
      { token: root },
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id,
      name: 'Acme 2',
      maxUsers: 10,
      status: 'inactive',
      hideUnoficial: true,
      maxConnections: 2,
      planId: plan.id,
    });
    expect((await api.get(`/tenants/${id}`, { token: root })).body).toMatchObject({ name: 'Acme 2', status: 'inactive' });

    const deleted = await api.delete(`/tenants/${id}`, { token: root });
    expect(deleted.status).toBe(204);
    const gone = await api.get(`/tenants/${id}`, { token: root });
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('ERR_NO_TENANT_FOUND');
  });

  it('keeps the payment-provider token sealed at rest and masked in every answer; the mask keeps it, null removes it', async () => {
    const secret = 'sk_live_payment_provider_token_123';
    const storedToken = async (id: number) =>
      (await rows(server.ctx, sql`select payment_token from tenants where id = ${id}`))[0].payment_token as string | null;
    const created = await api.post(
      '/tenants',
      { name: 'Token Ltda', status: 'active', maxUsers: 1, maxConnections: 1, paymentToken: secret },
      { token: root },
    );
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(created.body.paymentToken).toBe(SECRET_MASK);
    const sealed = await storedToken(id);
    expect(sealed).toMatch(/^enc:v1:/);
    expect(server.ctx.secretBox.open(sealed!, 'tenant.paymentToken')).toBe(secret);
    for (const answer of [await api.get(`/tenants/${id}`, { token: root }), await api.get('/tenants/', { token: root })])
      expect(JSON.stringify(answer.body)).not.toContain(secret);

    // The form sends the mask back with the other fields: the token stays.
    const renamed = await api.put(`/tenants/${id}`, { name: 'Token 2', paymentToken: SECRET_MASK }, { token: root });
    expect(renamed.status).toBe(200);
    expect(renamed.body.paymentToken).toBe(SECRET_MASK);
    expect(server.ctx.secretBox.open((await storedToken(id))!, 'tenant.paymentToken')).toBe(secret);

    const replaced = await api.put(`/tenants/${id}`, { paymentToken: 'sk_new' }, { token: root });
    expect(replaced.body.paymentToken).toBe(SECRET_MASK);
    expect(server.ctx.secretBox.open((await storedToken(id))!, 'tenant.paymentToken')).toBe('sk_new');

    const removed = await api.put(`/tenants/${id}`, { paymentToken: null }, { token: root });
    expect(removed.body.paymentToken).toBeNull();
    expect(await storedToken(id)).toBeNull();

    // A token written in clear before (an older version) is sealed at the next start, once.
    await server.ctx.db.execute(sql`update tenants set payment_token = 'sk_old_clear' where id = ${id}`);
    expect(await sealStoredPaymentTokens(server.ctx)).toBeGreaterThanOrEqual(1);
    expect(server.ctx.secretBox.open((await storedToken(id))!, 'tenant.paymentToken')).toBe('sk_old_clear');
    expect(await storedToken(id)).toMatch(/^enc:v1:/);
    expect(await sealStoredPaymentTokens(server.ctx)).toBe(0);
  });

  it("counts each tenant's own users", async () => {
    const empty = await buildTenant(server.ctx);
    const busy = await buildTenant(server.ctx);
    for (let i = 0; i < 3; i++) await buildUser(server.ctx, busy.id);

    expect((await api.get(`/tenants/${empty.id}`, { token: root })).body.userCount).toBe(0);
    expect((await api.get(`/tenants/${busy.id}`, { token: root })).body.userCount).toBe(3);
    const list = (await api.get('/tenants/', { token: root })).body as any[];
    expect(list.find((t) => t.id === empty.id).userCount).toBe(0);
    expect(list.find((t) => t.id === busy.id).userCount).toBe(3);
    const usersOfMain = (await api.get('/users/', { token: root })).body.count;
    expect(list.find((t) => t.id === 1).userCount).toBe(usersOfMain);
  });

  it('validates the fields: required ones, limits, CPF/CNPJ and status', async () => {
    const missing = await api.post('/tenants', {}, { token: root });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('ERR_VALIDATION');
    expect(Object.keys(missing.body.fields).sort()).toEqual(['maxConnections', 'maxUsers', 'name', 'status']);

    const invalid = await api.post(
      '/tenants',
      { name: 'X', status: 'blocked', maxUsers: 0, maxConnections: -1, identity: '11.222.333/0001-82' },
      { token: root },
    );
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.fields).sort()).toEqual(['identity', 'maxConnections', 'maxUsers', 'name', 'status']);

    const badUpdate = await api.put('/tenants/1', { maxUsers: 'many' }, { token: root });
    expect(badUpdate.status).toBe(400);
    expect(Object.keys(badUpdate.body.fields)).toEqual(['maxUsers']);
  });

  it('answers 404 ERR_NO_TENANT_FOUND for an unknown id, and ERR_NO_PLAN_FOUND for an unknown plan', async () => {
    for (const response of [
      await api.get('/tenants/99999', { token: root }),
      await api.put('/tenants/99999', { name: 'Nobody' }, { token: root }),
      await api.delete('/tenants/99999', { token: root }),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body.error).toBe('ERR_NO_TENANT_FOUND');
    }
    // A path whose id is not a number names no route (issue 9 item 8).
    const badId = await api.get('/tenants/abc', { token: root });
    expect(badId.status).toBe(404);
    expect(badId.body.error).toBe('ERR_ROUTE_NOT_FOUND');

    const before = (await api.get('/tenants/', { token: root })).body.length;
    const withUnknownPlan = await api.post(
      '/tenants',
      { name: 'Planless', status: 'active', maxUsers: 1, maxConnections: 1, planId: 99999 },
      { token: root },
    );
    expect(withUnknownPlan.status).toBe(404);
    expect(withUnknownPlan.body.error).toBe('ERR_NO_PLAN_FOUND');
    expect((await api.get('/tenants/', { token: root })).body.length).toBe(before);

    const tenant = await buildTenant(server.ctx);
    const updateUnknownPlan = await api.put(`/tenants/${tenant.id}`, { planId: 99999 }, { token: root });
    expect(updateUnknownPlan.status).toBe(404);
    expect(updateUnknownPlan.body.error).toBe('ERR_NO_PLAN_FOUND');
  });
});

describe('tenant 1 (the main company)', () => {
  it('cannot be deactivated: 400 ERR_TENANT_PROTECTED, and it stays active', async () => {
    const response = await api.put('/tenants/1', { status: 'inactive' }, { token: root });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('ERR_TENANT_PROTECTED');
    expect(response.body.message).toBe('Não é possível desativar a empresa 1 (empresa principal).');

    // Nothing else in that request was applied either.
    const mixed = await api.put('/tenants/1', { status: 'inactive', name: 'Renamed' }, { token: root });
    expect(mixed.status).toBe(400);
    const main = await api.get('/tenants/1', { token: root });
    expect(main.body).toMatchObject({ id: 1, status: 'active' });
    expect(main.body.name).not.toBe('Renamed');

    // Other changes to tenant 1 are allowed.
    const renamed = await api.put('/tenants/1', { name: 'Conversa Matriz', status: 'active' }, { token: root });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: 1, name: 'Conversa Matriz', status: 'active' });
  });

  it('cannot be deleted: 400 ERR_TENANT_PROTECTED, and its superadmin still logs in', async () => {
    const response = await api.delete('/tenants/1', { token: root });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('ERR_TENANT_PROTECTED');
    expect(response.body.message).toBe('Não é possível excluir a empresa 1 (empresa principal).');
    expect((await api.get('/tenants/1', { token: root })).status).toBe(200);
    expect((await api.get('/users/', { token: root })).status).toBe(200);
    await api.loginRoot();
  });
});

describe('creating a tenant with its first administrator', () => {
  it('creates an admin (never superadmin) who can log in to the new tenant', async () => {
    const created = await api.post(
      '/tenants',
      {
        name: 'Loja do Zé',
        status: 'active',
        maxUsers: 2,
        maxConnections: 1,
        admin: { name: 'Zé Admin', email: ' ZE@Loja.example.test ', password: 'Ze-admin-pass-1', profile: 'superadmin' },
      },
      { token: root },
    );
    expect(created.status).toBe(201);
    expect(created.body.userCount).toBe(1);

    const login = await api.post('/auth/login/', { email: 'ze@loja.example.test', password: 'Ze-admin-pass-1' });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ tenantId: created.body.id, profile: 'admin', username: 'Zé Admin', email: 'ze@loja.example.test' });

    // The new admin manages their tenant but not the platform.
    expect((await api.get('/users/', { token: login.body.token })).body.count).toBe(1);
    expect((await api.get('/tenants/', { token: login.body.token })).status).toBe(403);
  });

  it('validates the admin and refuses a taken e-mail with 409 ERR_DUPLICATED_EMAIL, creating no tenant', async () => {
    const weak = await api.post(
      '/tenants',
      { name: 'Weak Co', status: 'active', maxUsers: 2, maxConnections: 1, admin: { name: 'W', email: 'nope', password: 'weak' } },
      { token: root },
    );
    expect(weak.status).toBe(400);
    expect(weak.body.error).toBe('ERR_VALIDATION');
    expect(Object.keys(weak.body.fields).sort()).toEqual(['admin.email', 'admin.name', 'admin.password']);

    const existing = await buildUser(server.ctx, 1);
    const before = (await api.get('/tenants/', { token: root })).body.length;
    const duplicate = await api.post(
      '/tenants',
      {
        name: 'Dup Co',
        status: 'active',
        maxUsers: 2,
        maxConnections: 1,
        admin: { name: 'Dup', email: existing.email, password: 'Dup-pass-123' },
      },
      { token: root },
    );
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toBe('ERR_DUPLICATED_EMAIL');
    const after = (await api.get('/tenants/', { token: root })).body;
    expect(after.length).toBe(before);
    expect(after.map((t: any) => t.name)).not.toContain('Dup Co');
  });
});

describe('deleting a tenant', () => {
  it('cascades to its users: they can no longer log in and their tokens are refused', async () => {
    const tenant = await buildTenant(server.ctx);
    const admin = await buildUser(server.ctx, tenant.id, { profile: 'admin' });
    const agent = await buildUser(server.ctx, tenant.id);
    const session = await api.login(admin.email, admin.password);
    const bystander = await buildUser(server.ctx, (await buildTenant(server.ctx)).id);

    expect((await api.delete(`/tenants/${tenant.id}`, { token: root })).status).toBe(204);

    for (const user of [admin, agent]) {
      const login = await api.post('/auth/login/', { email: user.email, password: user.password });
      expect(login.status).toBe(401);
      expect(login.body.error).toBe('ERR_INVALID_CREDENTIALS');
    }
    const withToken = await api.get('/users/', { token: session.token });
    expect(withToken.status).toBe(401);
    expect(withToken.body.error).toBe('ERR_INVALID_TOKEN');
    const refresh = await api.post('/auth/refresh_token', { refreshToken: session.refreshToken });
    expect(refresh.status).toBe(401);

    // The e-mails are free again; other tenants are untouched.
    const reuse = await api.post(
      '/tenants',
      {
        name: 'Reborn',
        status: 'active',
        maxUsers: 2,
        maxConnections: 1,
        admin: { name: 'Again', email: admin.email, password: 'Again-pass-1' },
      },
      { token: root },
    );
    expect(reuse.status).toBe(201);
    expect((await api.post('/auth/login/', { email: bystander.email, password: bystander.password })).status).toBe(200);
  });
});

describe("a company's limits and its usage", () => {
  it('refuses a limit lowered below what the company uses (400 ERR_VALIDATION naming the field and the count), nothing changed', async () => {
    const company = await buildTenant(server.ctx, { maxUsers: 10, maxConnections: 5 });
    for (let i = 0; i < 5; i++) await buildUser(server.ctx, company.id);
    for (let i = 0; i < 2; i++) await buildChannel(server.ctx, company.id);

    const users = await api.put(`/tenants/${company.id}`, { name: 'Renamed', maxUsers: 4 }, { token: root });
    expect(users.status).toBe(400);
    expect(users.body.error).toBe('ERR_VALIDATION');
    expect(users.body.fields).toEqual({ maxUsers: ['The company already has 5 users; remove users before lowering the limit.'] });
    expect(users.body.issues).toEqual({ maxUsers: [{ code: 'custom', rule: 'limitBelowUsers', minimum: 5 }] });

    const connections = await api.put(`/tenants/${company.id}`, { maxConnections: 1 }, { token: root });
    expect(connections.status).toBe(400);
    expect(connections.body.fields).toEqual({
      maxConnections: ['The company already has 2 connections; remove connections before lowering the limit.'],
    });
    expect(connections.body.issues).toEqual({ maxConnections: [{ code: 'custom', rule: 'limitBelowConnections', minimum: 2 }] });
    expect((await api.get(`/tenants/${company.id}`, { token: root })).body).toMatchObject({
      name: company.name,
      maxUsers: 10,
      maxConnections: 5,
    });

    // Down to exactly what it uses is fine.
    const exact = await api.put(`/tenants/${company.id}`, { maxUsers: 5, maxConnections: 2 }, { token: root });
    expect(exact.status).toBe(200);
    expect(exact.body).toMatchObject({ maxUsers: 5, maxConnections: 2 });
  });

  it('a company already above a limit keeps being edited, and may get a higher one still under its usage', async () => {
    const company = await buildTenant(server.ctx, { maxUsers: 2, maxConnections: 1 });
    for (let i = 0; i < 4; i++) await buildUser(server.ctx, company.id);
    // The edit form sends the stored limits back with any change.
    const renamed = await api.put(`/tenants/${company.id}`, { name: 'Over Ltda', maxUsers: 2, maxConnections: 1 }, { token: root });
    expect(renamed.status).toBe(200);
    const raised = await api.put(`/tenants/${company.id}`, { maxUsers: 3 }, { token: root });
    expect(raised.status).toBe(200);
    expect(raised.body.maxUsers).toBe(3);
    expect((await api.put(`/tenants/${company.id}`, { maxUsers: 1 }, { token: root })).body.fields.maxUsers).toEqual([
      'The company already has 4 users; remove users before lowering the limit.',
    ]);
  });

  it("a new plan without limits in the same request gives the company the plan's limits; limits typed with it win", async () => {
    const small = await buildPlan(server.ctx, { users: 3, connections: 1 });
    const big = await buildPlan(server.ctx, { users: 8, connections: 4 });
    const company = await buildTenant(server.ctx, { planId: small.id, maxUsers: 3, maxConnections: 1 });

    const moved = await api.put(`/tenants/${company.id}`, { planId: big.id }, { token: root });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ planId: big.id, maxUsers: 8, maxConnections: 4 });

    const typed = await api.put(`/tenants/${company.id}`, { planId: small.id, maxUsers: 6 }, { token: root });
    expect(typed.body).toMatchObject({ planId: small.id, maxUsers: 6, maxConnections: 1 });

    // The plan it is already on: the limits stay as they are.
    const same = await api.put(`/tenants/${company.id}`, { planId: small.id, name: 'Same plan' }, { token: root });
    expect(same.body).toMatchObject({ planId: small.id, maxUsers: 6, maxConnections: 1 });

    // A plan below its usage is refused like a typed limit.
    for (let i = 0; i < 4; i++) await buildUser(server.ctx, company.id);
    expect((await api.put(`/tenants/${company.id}`, { planId: big.id }, { token: root })).body.maxUsers).toBe(8);
    const tiny = await buildPlan(server.ctx, { users: 2, connections: 4 });
    const refused = await api.put(`/tenants/${company.id}`, { planId: tiny.id }, { token: root });
    expect(refused.status).toBe(400);
    expect(refused.body.issues).toEqual({ maxUsers: [{ code: 'custom', rule: 'limitBelowUsers', minimum: 4 }] });
    expect((await api.get(`/tenants/${company.id}`, { token: root })).body).toMatchObject({ planId: big.id, maxUsers: 8 });
  });
});

describe("a company's trial", () => {
  it('refuses a trial switched on with 0 days (create and edit, sent or stored), under trialDays; no trial stores 0 days', async () => {
    const created = await api.post(
      '/tenants',
      { name: 'Trial Zero', status: 'active', maxUsers: 1, maxConnections: 1, trial: true, trialDays: 0 },
      { token: root },
    );
    expect(created.status).toBe(400);
    expect(created.body.error).toBe('ERR_VALIDATION');
    expect(created.body.issues).toEqual({ trialDays: [{ code: 'custom', rule: 'trialDays' }] });

    // `trial: true` without days on a plan without a trial would start none.
    const planless = await buildPlan(server.ctx, { trial: false, trialDays: 0 });
    const noDays = await api.post(
      '/tenants',
      { name: 'Trial None', status: 'active', maxUsers: 1, maxConnections: 1, planId: planless.id, trial: true },
      { token: root },
    );
    expect(noDays.status).toBe(400);
    expect(Object.keys(noDays.body.fields)).toEqual(['trialDays']);

    const company = await buildTenant(server.ctx, { trial: false, trialDays: 0 });
    const edited = await api.put(`/tenants/${company.id}`, { trial: true, trialDays: 0 }, { token: root });
    expect(edited.status).toBe(400);
    expect(edited.body.issues).toEqual({ trialDays: [{ code: 'custom', rule: 'trialDays' }] });
    const storedZero = await api.put(`/tenants/${company.id}`, { trial: true }, { token: root });
    expect(storedZero.status).toBe(400);
    expect(storedZero.body.issues).toEqual({ trialDays: [{ code: 'custom', rule: 'trialDays' }] });
    expect((await api.get(`/tenants/${company.id}`, { token: root })).body).toMatchObject({ trial: false, trialDays: 0 });

    const on = await api.put(`/tenants/${company.id}`, { trial: true, trialDays: 5 }, { token: root });
    expect(on.body).toMatchObject({ trial: true, trialDays: 5 });
    const off = await api.put(`/tenants/${company.id}`, { trial: false, trialDays: 9 }, { token: root });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ trial: false, trialDays: 0 });
  });
});

describe('GET /tenants/usage/ (the users and channels screens say how many are left)', () => {
  it("answers the caller's company's limits beside its users and channels, for supervisors and admins only", async () => {
    const company = await buildTenant(server.ctx);
    await server.ctx.db.execute(sql`update tenants set max_users = 5, max_connections = 2 where id = ${company.id}`);
    const admin = await buildUser(server.ctx, company.id, { profile: 'admin' });
    const supervisor = await buildUser(server.ctx, company.id, { profile: 'super' });
    const agent = await buildUser(server.ctx, company.id, { profile: 'user' });
    await buildChannel(server.ctx, company.id);
    // Another company's users and channels are not counted.
    const other = await buildTenant(server.ctx);
    await buildUser(server.ctx, other.id);
    await buildChannel(server.ctx, other.id);

    for (const caller of [admin, supervisor]) {
      const { token } = await api.login(caller.email, caller.password);
      const usage = await api.get('/tenants/usage/', { token });
      expect(usage.status, JSON.stringify(usage.body)).toBe(200);
      expect(usage.body).toEqual({ maxUsers: 5, users: 3, maxConnections: 2, connections: 1 });
    }
    const { token } = await api.login(agent.email, agent.password);
    expect((await api.get('/tenants/usage/', { token })).status).toBe(403);
    expect((await api.get('/tenants/usage/')).status).toBe(401);
  });
});
