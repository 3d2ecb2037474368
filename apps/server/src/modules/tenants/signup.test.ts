import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { buildPlan, buildUser } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { startMailServer, type TestMailServer } from '../../../test/mail-server.js';
import { SIGNUP_ANSWER } from './use-cases/sign-up.js';
import type { PlanRow } from '../plans/plans.repository.js';

// Sign-up is rate-limited per IP (5 a minute): behind a pretend trusted proxy, each call here comes from its own IP
// (the limit itself is tested in auth/rate-limit.test.ts).

let server: TestServer;
let api: Api;
let root: string;
let plan: PlanRow;
let mail: TestMailServer;

/** The tenant a sign-up created, found through its admin's login (the answer names none). */
async function signedUp(body: { email: string; password: string }): Promise<{ tenantId: number; userId: number; token: string }> {
  const login = await api.post('/auth/login/', { email: body.email, password: body.password });
  expect(login.status).toBe(200);
  return { tenantId: login.body.tenantId, userId: login.body.userId, token: login.body.token };
}

let ipSequence = 0;
const signup = (body: Record<string, unknown>) =>
  api.post('/signup', body, { headers: { 'x-forwarded-for': `172.16.${Math.floor(++ipSequence / 250)}.${ipSequence % 250}` } });

let emailSequence = 0;
const validBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Padaria Pão Quente',
  identity: '52998224725',
  email: `owner-${++emailSequence}@signup.example.test`,
  phone: '+55 (11) 98765-4321',
  password: 'Strong-pass-1',
  planId: plan.id,
  ...overrides,
});

beforeAll(async () => {
  mail = await startMailServer();
  server = await startTestServer({ TRUST_PROXY: 'true', SMTP_HOST: '127.0.0.1', SMTP_PORT: String(mail.port), SMTP_SECURE: 'false' });
  api = new Api(server.url);
  root = (await api.loginRoot()).token;
  plan = await buildPlan(server.ctx, { users: 4, connections: 2, trial: true, trialDays: 14 });
});
afterAll(async () => {
  await server?.close();
  await mail?.close();
});

describe('POST /signup', () => {
  it('creates a tenant with the limits of the plan and its admin, who can log in', async () => {
    const body = validBody();
    const response = await signup(body);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ message: SIGNUP_ANSWER });
    const created = await signedUp(body);

    const tenant = await api.get(`/tenants/${created.tenantId}`, { token: root });
    expect(tenant.body).toMatchObject({
      name: 'Padaria Pão Quente',
      status: 'active',
      identity: '52998224725',
      maxUsers: 4,
      maxConnections: 2,
      trial: true,
      trialDays: 14,
      planId: plan.id,
      userCount: 1,
    });

    const login = await api.post('/auth/login/', { email: body.email, password: body.password });
    expect(login.body).toMatchObject({ userId: created.userId, tenantId: created.tenantId, profile: 'admin' });
  });

  it('makes an admin even when the body asks for superadmin, and ignores other extra fields', async () => {
    const body = validBody({ profile: 'superadmin', tenantId: 1, maxUsers: 1000, status: 'inactive' });
    const response = await signup(body);
    expect(response.status).toBe(201);
    const created = await signedUp(body);
    expect(created.tenantId).not.toBe(1);

    const login = await api.post('/auth/login/', { email: body.email, password: body.password });
    expect(login.body).toMatchObject({ profile: 'admin', tenantId: created.tenantId });
    const tenant = await api.get(`/tenants/${created.tenantId}`, { token: root });
    expect(tenant.body).toMatchObject({ status: 'active', maxUsers: plan.users });
    // Not a platform administrator.
    expect((await api.get('/tenants/', { token: login.body.token })).status).toBe(403);
  });

  it('accepts a valid CPF and a valid CNPJ with punctuation, and keeps the punctuation', async () => {
    for (const identity of ['529.982.247-25', '11.222.333/0001-81', '11222333000181']) {
      const body = validBody({ identity });
      const response = await signup(body);
      expect(response.status, identity).toBe(201);
      const tenant = await api.get(`/tenants/${(await signedUp(body)).tenantId}`, { token: root });
      expect(tenant.body.identity).toBe(identity);
    }
  });

  it('refuses CPF and CNPJ with wrong check digits (or wrong length) with 400 ERR_VALIDATION on identity', async () => {
    for (const identity of ['529.982.247-26', '111.111.111-11', '11.222.333/0001-82', '00.000.000/0000-00', '1234567890', 'abc']) {
      const response = await signup(validBody({ identity }));
      expect(response.status, identity).toBe(400);
      expect(response.body.error).toBe('ERR_VALIDATION');
      expect(Object.keys(response.body.fields), identity).toEqual(['identity']);
    }
  });

  it('requires a password of at least 7 characters with letters, numbers and a special character', async () => {
    for (const password of ['Ab1!xy', 'abcdefgh', 'abcdefg1', 'abcdefg!', '1234567!', '']) {
      const response = await signup(validBody({ password }));
      expect(response.status, password).toBe(400);
      expect(response.body.error).toBe('ERR_VALIDATION');
      expect(Object.keys(response.body.fields), password).toEqual(['password']);
    }
    expect((await signup(validBody({ password: 'Ab1!xyz' }))).status).toBe(201);
  });

  it('requires every field', async () => {
    const response = await signup({});
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('ERR_VALIDATION');
    expect(Object.keys(response.body.fields).sort()).toEqual(['email', 'identity', 'name', 'password', 'phone', 'planId']);

    const badEmail = await signup(validBody({ email: 'owner-at-example' }));
    expect(badEmail.status).toBe(400);
    expect(Object.keys(badEmail.body.fields)).toEqual(['email']);
  });

  it('answers an e-mail already in use exactly as a free one, creates nothing, and tells the owner by e-mail', async () => {
    const existing = await buildUser(server.ctx, 1);
    const before = (await api.get('/tenants/', { token: root })).body.length;
    const free = await signup(validBody());
    const taken = await signup(validBody({ email: existing.email.toUpperCase(), name: 'Duplicada Ltda', password: 'Attacker-pass-1!' }));
    expect(taken.status).toBe(free.status);
    expect(taken.body).toEqual(free.body);
    const tenants = (await api.get('/tenants/', { token: root })).body;
    expect(tenants.length).toBe(before + 1);
    expect(tenants.map((t: any) => t.name)).not.toContain('Duplicada Ltda');
    // The account is untouched, and its owner learns of the attempt.
    await api.login(existing.email, existing.password);
    expect((await api.post('/auth/login/', { email: existing.email, password: 'Attacker-pass-1!' })).status).toBe(401);
    const notice = await mail.waitFor((m) => m.to.includes(existing.email));
    expect(notice.text).toContain('#/login');
    expect(notice.text).not.toMatch(/Attacker-pass/);
  });

  it('refuses an unknown plan with 404 ERR_NO_PLAN_FOUND', async () => {
    const body = validBody({ planId: 99999 });
    const response = await signup(body);
    expect(response.status).toBe(404);
    expect(response.body.error).toBe('ERR_NO_PLAN_FOUND');
    expect((await api.post('/auth/login/', { email: body.email, password: body.password })).status).toBe(401);
  });

  it('is closed with 403 ERR_USER_CREATION_DISABLED while the platform setting userCreation is disabled', async () => {
    const off = await api.put('/settings/userCreation', { value: 'disabled' }, { token: root });
    expect(off.status).toBe(200);
    try {
      const body = validBody();
      const response = await signup(body);
      expect(response.status).toBe(403);
      expect(response.body.error).toBe('ERR_USER_CREATION_DISABLED');
      expect((await api.post('/auth/login/', { email: body.email, password: body.password })).status).toBe(401);
    } finally {
      expect((await api.put('/settings/userCreation', { value: 'enabled' }, { token: root })).status).toBe(200);
    }
    expect((await signup(validBody())).status).toBe(201);
  });

  it('lists the plans publicly for the sign-up page', async () => {
    const response = await api.get('/plans/public');
    expect(response.status).toBe(200);
    expect(response.body).toContainEqual({
      id: plan.id,
      name: plan.name,
      value: 99.9,
      connections: 2,
      users: 4,
      trial: true,
      trialDays: 14,
    });
  });
});
