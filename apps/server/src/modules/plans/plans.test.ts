/** DELETE /plans/{id}: a plan a company is on is not deleted (it took the company off billing). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { buildPlan, buildTenant } from '../../../test/factories.js';
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
