/**
 * The Tenant API (issue 13, SPEC §2 /tenantApi): tokens the superadmin makes for resellers (shown
 * once, stored hashed, regenerated, deactivated), and `/v1/api/admin/{apiId}/…` driven as the public
 * "API Whazing ADMIN" Postman collection does (eudanielhenrique/whazing-documentation,
 * images/API_SaaS.json: createtenant, list, one company by a GET body, users/{tenantId}, users
 * password, updatetenant), plus status. A token manages only the companies it created.
 */
import { request as httpRequest } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { buildPlan, buildTenant, buildUser } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { eventually, rows } from '../../../test/inbox.js';

let server: TestServer;
let api: Api;
let root: string;
let plan: { id: number };
let reseller: { id: string; token: string; basePath: string };
let other: { id: string; token: string; basePath: string };

async function createToken(name: string) {
  const response = await api.post('/tenant-api', { name }, { token: root });
  expect(response.status).toBe(201);
  return response.body as { id: string; token: string; basePath: string; tokenMasked: string };
}
const as = (token: string) => ({ token });
let seq = 0;
const company = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ana Revenda',
  email: `ana${++seq}-${Date.now()}@cliente.test`,
  password: 'Senha-forte-1!',
  tenantName: `Cliente ${seq}`,
  phone: '5511999990000',
  plano: String(plan.id),
  ...overrides,
});

/** GET with a JSON body, as the collection's "Listar empresa id especifico" sends it (fetch cannot). */
function getWithBody(path: string, token: string, body: unknown): Promise<{ status: number; body: any }> {
  const url = new URL(path, server.url);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: 'GET',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
  root = (await api.loginRoot()).token;
  plan = await buildPlan(server.ctx, { users: 7, connections: 3, trial: true, trialDays: 10 });
  reseller = await createToken('Revenda A');
  other = await createToken('Revenda B');
});
afterAll(async () => server?.close());

describe('Tenant API tokens (/tenantApi)', () => {
  it("are the platform superadmin's only", async () => {
    const admin = await buildUser(server.ctx, 1, { profile: 'admin' });
    const { token } = await api.login(admin.email, admin.password);
    expect((await api.get('/tenant-api', as(token))).status).toBe(403);
    expect((await api.post('/tenant-api', { name: 'x' }, as(token))).status).toBe(403);
    expect((await api.put(`/tenant-api/${reseller.id}/renew-token`, undefined, as(token))).status).toBe(403);
  });

  it('show the token once in full, then masked; only its hash is stored', async () => {
    const created = await createToken('Revenda C');
    expect(created.token).toMatch(/^cva_[A-Za-z0-9_-]{43}$/);
    expect(created.basePath).toBe(`/v1/api/admin/${created.id}`);
    const list = await api.get('/tenant-api', as(root));
    expect(list.body.find((t: { id: string }) => t.id === created.id)).toMatchObject({ name: 'Revenda C', active: true, tenantCount: 0 });
    expect(JSON.stringify(list.body)).not.toContain(created.token);
    const [stored] = await rows(server.ctx, sql`select token_hash from tenant_apis where id = ${created.id}`);
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('regenerating revokes the old token; deactivating answers 403; deleting answers 401 after', async () => {
    const t = await createToken('Revenda D');
    expect((await api.get(t.basePath, as(t.token))).status).toBe(200);
    const renewed = await api.put(`/tenant-api/${t.id}/renew-token`, undefined, as(root));
    expect(renewed.status).toBe(200);
    expect((await api.get(t.basePath, as(t.token))).body.error).toBe('ERR_API_TOKEN_REQUIRED');
    expect((await api.get(t.basePath, as(renewed.body.token))).status).toBe(200);
    expect((await api.put(`/tenant-api/${t.id}`, { name: 'Revenda D', active: false }, as(root))).body.active).toBe(false);
    const inactive = await api.get(t.basePath, as(renewed.body.token));
    expect(inactive.status).toBe(403);
    expect(inactive.body.error).toBe('ERR_TENANT_API_INACTIVE');
    expect((await api.delete(`/tenant-api/${t.id}`, as(root))).status).toBe(204);
    expect((await api.get(t.basePath, as(renewed.body.token))).status).toBe(401);
    expect((await api.delete(`/tenant-api/${t.id}`, as(root))).body.error).toBe('ERR_NO_TENANT_API_FOUND');
  });
});

describe('/v1/api/admin/{apiId} as the Whazing ADMIN collection calls it', () => {
  it('refuses a missing, wrong or other token alike (401 ERR_API_TOKEN_REQUIRED)', async () => {
    for (const attempt of [
      await api.get(reseller.basePath),
      await api.get(reseller.basePath, as('cva_wrong')),
      await api.get(reseller.basePath, as(other.token)),
      await api.get('/v1/api/admin/not-a-uuid', as(reseller.token)),
      await api.post(`${reseller.basePath}/createtenant`, company(), as(other.token)),
    ]) {
      expect(attempt.status).toBe(401);
      expect(attempt.body.error).toBe('ERR_API_TOKEN_REQUIRED');
    }
  });

  it('createtenant makes a company on the plan with its administrator, who can log in', async () => {
    const body = company({ timetest: '3' });
    const created = await api.post(`${reseller.basePath}/createtenant`, body, as(reseller.token));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: body.tenantName,
      status: 'active',
      planId: plan.id,
      maxUsers: 7,
      maxConnections: 3,
      trial: true,
      trialDays: 3,
      userCount: 1,
      phone: '5511999990000',
    });
    expect(created.body).not.toHaveProperty('paymentToken');
    const login = await api.login(body.email, body.password);
    expect(login.profile).toBe('admin');
    expect(login.tenantId).toBe(created.body.id);
    // Without timetest: the plan's trial.
    expect((await api.post(`${reseller.basePath}/createtenant`, company(), as(reseller.token))).body.trialDays).toBe(10);
  });

  it('refuses bad bodies with codes and leaves nothing behind', async () => {
    const before = await rows(server.ctx, sql`select count(*)::int as n from tenants`);
    const taken = company();
    expect((await api.post(`${reseller.basePath}/createtenant`, taken, as(reseller.token))).status).toBe(201);
    const duplicate = await api.post(`${reseller.basePath}/createtenant`, { ...company(), email: taken.email }, as(reseller.token));
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toBe('ERR_DUPLICATED_EMAIL');
    expect((await api.post(`${reseller.basePath}/createtenant`, company({ plano: '999999' }), as(reseller.token))).body.error).toBe(
      'ERR_NO_PLAN_FOUND',
    );
    const weak = await api.post(`${reseller.basePath}/createtenant`, company({ password: '123' }), as(reseller.token));
    expect(weak.status).toBe(400);
    expect(weak.body.error).toBe('ERR_VALIDATION');
    const after = await rows(server.ctx, sql`select count(*)::int as n from tenants`);
    expect(Number(after[0].n)).toBe(Number(before[0].n) + 1);
  });

  it('lists only the companies the token created; one by query or by a GET body; another is 404', async () => {
    const mine = (await api.post(`${reseller.basePath}/createtenant`, company(), as(reseller.token))).body;
    const theirs = (await api.post(`${other.basePath}/createtenant`, company(), as(other.token))).body;
    const list = await api.get(reseller.basePath, as(reseller.token));
    const ids = list.body.map((t: { id: number }) => t.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect(ids).not.toContain(1);
    expect((await api.get(`${reseller.basePath}?tenantId=${mine.id}`, as(reseller.token))).body).toEqual([
      expect.objectContaining({ id: mine.id }),
    ]);
    const byBody = await getWithBody(reseller.basePath, reseller.token, { tenantId: String(mine.id) });
    expect(byBody.body).toEqual([expect.objectContaining({ id: mine.id })]);
    for (const id of [theirs.id, 1]) {
      const refused = await api.get(`${reseller.basePath}?tenantId=${id}`, as(reseller.token));
      expect(refused.status).toBe(404);
      expect(refused.body.error).toBe('ERR_NO_TENANT_FOUND');
    }
    const platform = (await buildTenant(server.ctx)).id;
    expect((await api.post(`${reseller.basePath}/status`, { tenantId: platform, status: 'inactive' }, as(reseller.token))).status).toBe(
      404,
    );
  });

  it('users/{tenantId} lists the users; users sets a password (sessions end); other companies are 404', async () => {
    const body = company();
    const mine = (await api.post(`${reseller.basePath}/createtenant`, body, as(reseller.token))).body;
    const users = await api.get(`${reseller.basePath}/users/${mine.id}`, as(reseller.token));
    expect(users.status).toBe(200);
    expect(users.body).toEqual([expect.objectContaining({ email: body.email, profile: 'admin' })]);
    expect(users.body[0]).not.toHaveProperty('passwordHash');
    const session = await api.login(body.email, body.password);
    const changed = await api.post(
      `${reseller.basePath}/users`,
      { userId: String(users.body[0].id), password: 'Outra-senha-2!' },
      as(reseller.token),
    );
    expect(changed.status).toBe(200);
    expect((await api.get('/users/', as(session.token))).status).toBe(401);
    expect((await api.login(body.email, 'Outra-senha-2!')).tenantId).toBe(mine.id);
    // A user of a company the token did not create, the platform's superadmin included.
    const stranger = await buildUser(server.ctx, (await buildTenant(server.ctx)).id, { profile: 'admin' });
    const [rootUser] = await rows(server.ctx, sql`select id from users where tenant_id = 1 and profile = 'superadmin' limit 1`);
    for (const userId of [stranger.id, rootUser.id]) {
      const refused = await api.post(`${reseller.basePath}/users`, { userId, password: 'Invasao-123!' }, as(reseller.token));
      expect(refused.status).toBe(404);
      expect(refused.body.error).toBe('ERR_NO_USER_FOUND');
    }
    expect((await api.get(`${reseller.basePath}/users/1`, as(reseller.token))).status).toBe(404);
  });

  it('updatetenant renames and changes plan; unsupported fields (dueDate) are refused, not ignored', async () => {
    const mine = (await api.post(`${reseller.basePath}/createtenant`, company(), as(reseller.token))).body;
    const bigger = await buildPlan(server.ctx, { users: 20, connections: 5 });
    const updated = await api.post(
      `${reseller.basePath}/updatetenant`,
      { tenantId: String(mine.id), tenantName: 'Cliente Renomeado', plano: String(bigger.id) },
      as(reseller.token),
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Cliente Renomeado', planId: bigger.id, maxUsers: 20, maxConnections: 5 });
    const unsupported = await api.post(
      `${reseller.basePath}/updatetenant`,
      { tenantId: mine.id, dueDate: '2025-07-17T20:58' },
      as(reseller.token),
    );
    expect(unsupported.status).toBe(400);
    expect(unsupported.body.error).toBe('ERR_VALIDATION');
    expect((await api.post(`${reseller.basePath}/addMonth`, { tenantId: mine.id }, as(reseller.token))).status).toBe(404);
  });

  it('status suspends a company (its users are logged out and refused) and reactivates it', async () => {
    const body = company();
    const mine = (await api.post(`${reseller.basePath}/createtenant`, body, as(reseller.token))).body;
    const session = await api.login(body.email, body.password);
    const suspended = await api.post(`${reseller.basePath}/status`, { tenantId: mine.id, status: 'inactive' }, as(reseller.token));
    expect(suspended.body.status).toBe('inactive');
    const refused = await api.get('/users/', as(session.token));
    expect(refused.status).toBe(403);
    expect((await api.post(`${reseller.basePath}/status`, { tenantId: mine.id, status: 'active' }, as(reseller.token))).body.status).toBe(
      'active',
    );
    expect((await api.login(body.email, body.password)).tenantId).toBe(mine.id);
  });

  it('logs every call (route, status, code) for the superadmin, and documents itself', async () => {
    const t = await createToken('Revenda log');
    await api.get(t.basePath, as(t.token));
    await api.post(`${t.basePath}/status`, { tenantId: 999999, status: 'inactive' }, as(t.token));
    const logs = await eventually(async () => {
      const page = await api.get(`/tenant-api/${t.id}/logs`, as(root));
      return page.body.logs.length >= 2 ? page.body : undefined;
    });
    expect(logs.logs[0]).toMatchObject({ method: 'POST', route: '/status', status: 404, errorCode: 'ERR_NO_TENANT_FOUND' });
    expect(logs.logs[1]).toMatchObject({ method: 'GET', route: '/', status: 200, errorCode: null });
    const doc = await api.get('/tenant-api/openapi.json');
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(['/v1/api/admin/{apiId}', '/v1/api/admin/{apiId}/createtenant', '/v1/api/admin/{apiId}/users/{tenantId}']),
    );
  });

  it('is rate limited per token (429 with Retry-After), other tokens unaffected', async () => {
    const limited = await startTestServer({ API_RATE_LIMIT_PER_MINUTE: '3' });
    const client = new Api(limited.url);
    try {
      const superadmin = (await client.loginRoot()).token;
      const [t, u] = [
        (await client.post('/tenant-api', { name: 'L1' }, as(superadmin))).body,
        (await client.post('/tenant-api', { name: 'L2' }, as(superadmin))).body,
      ];
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await client.get(t.basePath, as(t.token))).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await client.get(t.basePath, as(t.token));
      expect(refused.body.error).toBe('ERR_API_RATE_LIMITED');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect((await client.get(u.basePath, as(u.token))).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
