import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { ROOT_EMAIL, ROOT_PASSWORD } from '../../../test/env.js';
import { buildTenant, buildUser } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';

// The login limiter counts failures per IP (5 a minute) and every request here comes from 127.0.0.1:
// this file makes at most 3 failed logins. Rate limiting itself is tested in rate-limit.test.ts.

let server: TestServer;
let api: Api;
let rootToken: string;

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
  rootToken = (await api.loginRoot()).token;
});
afterAll(() => server?.close());

const LOGIN_RESPONSE_FIELDS = [
  'token',
  'refreshToken',
  'username',
  'profile',
  'userId',
  'queues',
  'blockWavoip',
  'whatsappAllowed',
  'tenantId',
  'email',
  'configs',
];

describe('POST /auth/login/', () => {
  it('returns exactly the SPEC login response, with the e-mail trimmed and case-insensitive', async () => {
    const response = await api.post('/auth/login/', { email: `  ${ROOT_EMAIL.toUpperCase()} `, password: ROOT_PASSWORD });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual([...LOGIN_RESPONSE_FIELDS].sort());
    expect(response.body).toMatchObject({
      profile: 'superadmin',
      tenantId: 1,
      email: ROOT_EMAIL,
      configs: { filtrosAtendimento: null, isDark: false },
    });
  });

  it('returns the data of the user that logged in, and a token that works on an authenticated route', async () => {
    const tenant = await buildTenant(server.ctx, { hideUnoficial: true });
    const user = await buildUser(server.ctx, tenant.id, { profile: 'super', name: 'Maria Supervisora', email: 'maria.super@example.test' });

    const response = await api.post('/auth/login/', { email: '\tmaria.SUPER@example.TEST  ', password: user.password });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual([...LOGIN_RESPONSE_FIELDS].sort());
    expect(response.body).toEqual({
      token: expect.any(String),
      refreshToken: expect.any(String),
      username: 'Maria Supervisora',
      profile: 'super',
      userId: user.id,
      queues: [],
      blockWavoip: false,
      whatsappAllowed: false, // the tenant hides unofficial channels
      tenantId: tenant.id,
      email: 'maria.super@example.test',
      configs: { filtrosAtendimento: null, isDark: false, language: null, notificationSound: true },
    });
    expect(response.body.password).toBeUndefined();
    expect(response.body.passwordHash).toBeUndefined();

    const me = await api.get(`/users/${user.id}`, { token: response.body.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: user.id, tenantId: tenant.id, isOnline: true });
  });

  it('refuses a wrong password and an unknown e-mail with 401 ERR_INVALID_CREDENTIALS and the same body', async () => {
    const wrongPassword = await api.post('/auth/login/', { email: ROOT_EMAIL, password: 'wrong-Pass-1!' });
    const unknownEmail = await api.post('/auth/login/', { email: 'nobody@conversa.test', password: ROOT_PASSWORD });

    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body).toEqual({ error: 'ERR_INVALID_CREDENTIALS', message: expect.any(String) });
    expect(unknownEmail.status).toBe(401);
    expect(unknownEmail.body).toEqual(wrongPassword.body);
    expect(wrongPassword.body.token).toBeUndefined();
  });

  it('answers 400 ERR_VALIDATION with the missing fields', async () => {
    const noPassword = await api.post('/auth/login/', { email: ROOT_EMAIL });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.error).toBe('ERR_VALIDATION');
    expect(Object.keys(noPassword.body.fields)).toEqual(['password']);

    const noEmail = await api.post('/auth/login/', { password: ROOT_PASSWORD });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.error).toBe('ERR_VALIDATION');
    expect(Object.keys(noEmail.body.fields)).toEqual(['email']);

    const empty = await api.post('/auth/login/', {});
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('ERR_VALIDATION');
    expect(Object.keys(empty.body.fields).sort()).toEqual(['email', 'password']);

    const emptyStrings = await api.post('/auth/login/', { email: '   ', password: '' });
    expect(emptyStrings.status).toBe(400);
    expect(emptyStrings.body.error).toBe('ERR_VALIDATION');
    expect(Object.keys(emptyStrings.body.fields).sort()).toEqual(['email', 'password']);

    const notAnEmail = await api.post('/auth/login/', { email: 'root-at-conversa', password: ROOT_PASSWORD });
    expect(notAnEmail.status).toBe(400);
    expect(notAnEmail.body.error).toBe('ERR_VALIDATION');
    expect(Object.keys(notAnEmail.body.fields)).toEqual(['email']);
  });

  it('refuses the user of an inactive tenant with 403 ERR_TENANT_INACTIVE, also on tokens issued before', async () => {
    const tenant = await buildTenant(server.ctx);
    const user = await buildUser(server.ctx, tenant.id, { profile: 'admin' });
    const session = await api.login(user.email, user.password);
    expect((await api.get('/users/', { token: session.token })).status).toBe(200);

    const deactivated = await api.put(`/tenants/${tenant.id}`, { status: 'inactive' }, { token: rootToken });
    expect(deactivated.status).toBe(200);
    expect(deactivated.body.status).toBe('inactive');

    const login = await api.post('/auth/login/', { email: user.email, password: user.password });
    expect(login.status).toBe(403);
    expect(login.body.error).toBe('ERR_TENANT_INACTIVE');
    expect(login.body.token).toBeUndefined();

    const withOldToken = await api.get('/users/', { token: session.token });
    expect(withOldToken.status).toBe(403);
    expect(withOldToken.body.error).toBe('ERR_TENANT_INACTIVE');

    const refresh = await api.post('/auth/refresh_token', { refreshToken: session.refreshToken });
    expect(refresh.status).toBe(403);
    expect(refresh.body.error).toBe('ERR_TENANT_INACTIVE');

    // A wrong password still says only "invalid credentials": the tenant's state is not revealed.
    const wrong = await api.post('/auth/login/', { email: user.email, password: 'Not-the-pass-1!' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('ERR_INVALID_CREDENTIALS');

    // Reactivated, the same user logs in again.
    expect((await api.put(`/tenants/${tenant.id}`, { status: 'active' }, { token: rootToken })).status).toBe(200);
    expect((await api.post('/auth/login/', { email: user.email, password: user.password })).status).toBe(200);
  });
});
