/** /plans: deletion of a plan in use, unique names, limits that reach the companies on a plan, trials. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { buildPlan, buildTenant, buildUser } from '../../../test/factories.js';
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

describe('DELETE /plans/{id}', () => {
  it('refuses a plan a company is on (409 ERR_PLAN_IN_USE, nothing changed); once no company is on it, deletes it', async () => {
    const plan = await buildPlan(server.ctx);
    const other = await buildPlan(server.ctx);
    const company = await buildTenant(server.ctx, { planId: plan.id });

    const refused = await api.delete(`/plans/${plan.id}`, { token: root });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: 'ERR_PLAN_IN_USE',
      message: 'This plan is used by 1 company: move them to another plan first.',
    });
    expect((await api.get('/plans/', { token: root })).body.map((p: { id: number }) => p.id)).toContain(plan.id);
    expect((await api.get(`/tenants/${company.id}`, { token: root })).body.planId).toBe(plan.id);

    const moved = await api.put(`/tenants/${company.id}`, { planId: other.id }, { token: root });
    expect(moved.status).toBe(200);
    expect((await api.delete(`/plans/${plan.id}`, { token: root })).status).toBe(204);
    expect((await api.get('/plans/', { token: root })).body.map((p: { id: number }) => p.id)).not.toContain(plan.id);
    expect((await api.delete(`/plans/${plan.id}`, { token: root })).body.error).toBe('ERR_NO_PLAN_FOUND');
  });
});

describe('plan names', () => {
  it('refuses a name another plan has, whatever its case and spaces (409 ERR_PLAN_NAME_TAKEN under name); a plan keeps its own', async () => {
    const created = await api.post('/plans', { name: 'Ouro Único', value: 10, connections: 1, users: 2 }, { token: root });
    expect(created.status).toBe(201);
    const twin = await api.post('/plans', { name: '  ouro único ', value: 20, connections: 1, users: 2 }, { token: root });
    expect(twin.status).toBe(409);
    expect(twin.body).toMatchObject({ error: 'ERR_PLAN_NAME_TAKEN', fields: { name: ['Already used'] } });
    expect(twin.body.issues).toEqual({ name: [{ code: 'ERR_PLAN_NAME_TAKEN' }] });

    const other = await buildPlan(server.ctx);
    const renamed = await api.put(`/plans/${other.id}`, { name: 'OURO ÚNICO' }, { token: root });
    expect(renamed.status).toBe(409);
    expect(renamed.body.error).toBe('ERR_PLAN_NAME_TAKEN');
    const names = (await api.get('/plans/', { token: root })).body.map((p: { name: string }) => p.name.toLowerCase());
    expect(names.filter((name: string) => name === 'ouro único')).toHaveLength(1);

    const own = await api.put(`/plans/${created.body.id}`, { name: 'Ouro único' }, { token: root });
    expect(own.status).toBe(200);
    expect(own.body.name).toBe('Ouro único');
  });
});

describe("a plan's limits reach the companies on it", () => {
  it('a change of users or connections applies to every company on the plan (the list counts them), not to others', async () => {
    const plan = await buildPlan(server.ctx, { users: 3, connections: 2 });
    const first = await buildTenant(server.ctx, { planId: plan.id, maxUsers: 3, maxConnections: 2 });
    const second = await buildTenant(server.ctx, { planId: plan.id, maxUsers: 3, maxConnections: 2 });
    const elsewhere = await buildTenant(server.ctx, { maxUsers: 3, maxConnections: 2 });
    const listed = (await api.get('/plans/', { token: root })).body.find((p: { id: number }) => p.id === plan.id);
    expect(listed).toMatchObject({ id: plan.id, companies: 2 });
    expect((await api.get('/plans/public')).body.find((p: { id: number }) => p.id === plan.id)).not.toHaveProperty('companies');

    const raised = await api.put(`/plans/${plan.id}`, { users: 6 }, { token: root });
    expect(raised.status).toBe(200);
    expect(raised.body).toMatchObject({ users: 6, connections: 2 });
    for (const company of [first, second])
      expect((await api.get(`/tenants/${company.id}`, { token: root })).body).toMatchObject({ maxUsers: 6, maxConnections: 2 });
    expect((await api.get(`/tenants/${elsewhere.id}`, { token: root })).body).toMatchObject({ maxUsers: 3, maxConnections: 2 });

    const both = await api.put(`/plans/${plan.id}`, { users: 4, connections: 5 }, { token: root });
    expect(both.status).toBe(200);
    expect((await api.get(`/tenants/${first.id}`, { token: root })).body).toMatchObject({ maxUsers: 4, maxConnections: 5 });
  });

  it('refuses a lowered limit that companies on the plan already exceed, saying how many; nothing changes', async () => {
    const plan = await buildPlan(server.ctx, { users: 5, connections: 2 });
    const busy = await buildTenant(server.ctx, { planId: plan.id, maxUsers: 5, maxConnections: 2 });
    const quiet = await buildTenant(server.ctx, { planId: plan.id, maxUsers: 5, maxConnections: 2 });
    for (let i = 0; i < 4; i++) await buildUser(server.ctx, busy.id);
    await buildUser(server.ctx, quiet.id);

    const refused = await api.put(`/plans/${plan.id}`, { name: 'Lowered', users: 3, connections: 1 }, { token: root });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('ERR_VALIDATION');
    expect(refused.body.fields).toEqual({ users: ['1 company on this plan has more users than that.'] });
    expect(refused.body.issues).toEqual({ users: [{ code: 'custom', rule: 'planBelowUsers', minimum: 1 }] });
    expect(refused.body.message).toBe(
      '1 company on this plan has more users than that. Raise their limits or move them to another plan first.',
    );
    const stored = (await api.get('/plans/', { token: root })).body.find((p: { id: number }) => p.id === plan.id);
    expect(stored).toMatchObject({ name: plan.name, users: 5, connections: 2 });
    for (const company of [busy, quiet])
      expect((await api.get(`/tenants/${company.id}`, { token: root })).body).toMatchObject({ maxUsers: 5, maxConnections: 2 });

    // Down to what the busiest company uses is fine.
    const lowered = await api.put(`/plans/${plan.id}`, { users: 4 }, { token: root });
    expect(lowered.status).toBe(200);
    expect((await api.get(`/tenants/${quiet.id}`, { token: root })).body.maxUsers).toBe(4);
  });
});

describe('a plan trial', () => {
  it('refuses a trial switched on with 0 days (create and edit, sent or stored), under trialDays; no trial stores 0 days', async () => {
    const created = await api.post(
      '/plans',
      { name: 'Teste zero', value: 1, connections: 1, users: 1, trial: true, trialDays: 0 },
      { token: root },
    );
    expect(created.status).toBe(400);
    expect(created.body.issues).toEqual({ trialDays: [{ code: 'custom', rule: 'trialDays' }] });

    const plan = await buildPlan(server.ctx, { trial: false, trialDays: 0 });
    const stored = await api.put(`/plans/${plan.id}`, { trial: true }, { token: root });
    expect(stored.status).toBe(400);
    expect(stored.body.issues).toEqual({ trialDays: [{ code: 'custom', rule: 'trialDays' }] });
    expect((await api.put(`/plans/${plan.id}`, { trial: true, trialDays: 0 }, { token: root })).status).toBe(400);

    const on = await api.put(`/plans/${plan.id}`, { trial: true, trialDays: 7 }, { token: root });
    expect(on.body).toMatchObject({ trial: true, trialDays: 7 });
    const off = await api.put(`/plans/${plan.id}`, { trial: false, trialDays: 7 }, { token: root });
    expect(off.body).toMatchObject({ trial: false, trialDays: 0 });
    const none = await api.post(
      '/plans',
      { name: 'Sem teste', value: 1, connections: 1, users: 1, trial: false, trialDays: 4 },
      { token: root },
    );
    expect(none.body).toMatchObject({ trial: false, trialDays: 0 });
  });
});
