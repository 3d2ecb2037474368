import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { buildTenant, buildUser } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
let api: Api;
let root: string;

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
  root = (await api.loginRoot()).token;
});
afterAll(() => server?.close());

let sequence = 0;
const newUser = (overrides: Record<string, unknown> = {}) => ({
  name: `Agent ${++sequence}`,
  email: `agent-${sequence}@seats.example.test`,
  password: 'Agent-pass-1',
  ...overrides,
});

async function tenantWithAdmin(maxUsers: number) {
  const tenant = await buildTenant(server.ctx, { maxUsers });
  const admin = await buildUser(server.ctx, tenant.id, { profile: 'admin' });
  const { token } = await api.login(admin.email, admin.password);
  return { tenant, token };
}

const userCount = async (tenantId: number) => (await api.get(`/tenants/${tenantId}`, { token: root })).body.userCount as number;

describe('max users of a tenant', () => {
  it('refuses the user after the last seat with 400 ERR_USER_LIMIT, "Limite de usuários atingido."', async () => {
    const { tenant, token } = await tenantWithAdmin(3); // the admin takes one seat
    for (let i = 0; i < 2; i++) expect((await api.post('/users', newUser(), { token })).status).toBe(201);

    const over = newUser();
    const response = await api.post('/users', over, { token });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'ERR_USER_LIMIT', message: 'Limite de usuários atingido.' });
    expect(await userCount(tenant.id)).toBe(3);
    expect((await api.post('/auth/login/', { email: over.email, password: over.password })).status).toBe(401);

    // Raising the limit frees a seat; deleting a user frees one too.
    expect((await api.put(`/tenants/${tenant.id}`, { maxUsers: 4 }, { token: root })).status).toBe(200);
    const fourth = await api.post('/users', newUser(), { token });
    expect(fourth.status).toBe(201);
    expect((await api.post('/users', newUser(), { token })).body.error).toBe('ERR_USER_LIMIT');
    expect((await api.delete(`/users/${fourth.body.id}`, { token })).status).toBe(204);
    expect((await api.post('/users', newUser(), { token })).status).toBe(201);
  });

  it('gives the last seat to exactly one of several parallel creations', async () => {
    const { tenant, token } = await tenantWithAdmin(2);
    const responses = await Promise.all(Array.from({ length: 5 }, () => api.post('/users', newUser(), { token })));

    const created = responses.filter((r) => r.status === 201);
    const refused = responses.filter((r) => r.status !== 201);
    expect(created).toHaveLength(1);
    expect(refused).toHaveLength(4);
    for (const response of refused) {
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('ERR_USER_LIMIT');
    }
    expect(await userCount(tenant.id)).toBe(2);
  });

  it('counts the first administrator created with the tenant', async () => {
    // A tenant of one seat created with its admin is full at once.
    const created = await api.post(
      '/tenants',
      {
        name: 'Solo',
        status: 'active',
        maxUsers: 1,
        maxConnections: 1,
        admin: { name: 'Solo Admin', email: 'solo@seats.example.test', password: 'Solo-pass-1' },
      },
      { token: root },
    );
    expect(created.status).toBe(201);
    const { token } = await api.login('solo@seats.example.test', 'Solo-pass-1');
    const response = await api.post('/users', newUser(), { token });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('ERR_USER_LIMIT');
  });
});
