import { SETTING_DEFINITIONS } from '@conversa/shared';
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

const EXPECTED_DEFAULTS = [
  { key: 'userCreation', value: 'enabled' },
  { key: 'NotViewAssignedTickets', value: 'disabled' },
  { key: 'NotViewTicketsChatBot', value: 'disabled' },
  { key: 'ViewTicketsWithoutQueue', value: 'disabled' },
  { key: 'DirectTicketsToWallets', value: 'disabled' },
];

async function freshTenant() {
  const tenant = await buildTenant(server.ctx);
  const tokenOf = async (profile: 'admin' | 'super' | 'user') => {
    const user = await buildUser(server.ctx, tenant.id, { profile });
    return (await api.login(user.email, user.password)).token;
  };
  return { tenant, admin: await tokenOf('admin'), supervisor: await tokenOf('super'), user: await tokenOf('user') };
}

const valueOf = async (token: string, key: string) =>
  ((await api.get('/settings/', { token })).body as { key: string; value: string }[]).find((s) => s.key === key)?.value;

describe('GET /settings/', () => {
  it('lists every key with its default to any signed-in user', async () => {
    const { user } = await freshTenant();
    const response = await api.get('/settings/', { token: user });
    expect(response.status).toBe(200);
    const byKey = (a: { key: string }, b: { key: string }) => a.key.localeCompare(b.key);
    const everyDefault = Object.entries(SETTING_DEFINITIONS).map(([key, definition]) => ({ key, value: definition.default }));
    expect([...response.body].sort(byKey)).toEqual(everyDefault.sort(byKey));
    expect(response.body).toEqual(expect.arrayContaining(EXPECTED_DEFAULTS));

    expect((await api.get('/settings/')).status).toBe(401);
  });
});

describe('PUT /settings/{key}', () => {
  it('an admin changes a setting of their tenant; other tenants keep theirs', async () => {
    const a = await freshTenant();
    const b = await freshTenant();
    const response = await api.put('/settings/DirectTicketsToWallets', { value: 'enabled' }, { token: a.admin });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ key: 'DirectTicketsToWallets', value: 'enabled' });
    expect(await valueOf(a.user, 'DirectTicketsToWallets')).toBe('enabled');
    expect(await valueOf(b.user, 'DirectTicketsToWallets')).toBe('disabled');

    expect((await api.put('/settings/DirectTicketsToWallets', { value: 'disabled' }, { token: a.admin })).status).toBe(200);
    expect(await valueOf(a.user, 'DirectTicketsToWallets')).toBe('disabled');
  });

  it('users and supervisors get 403 ERR_NO_PERMISSION and change nothing', async () => {
    const { user, supervisor } = await freshTenant();
    for (const token of [user, supervisor]) {
      const response = await api.put('/settings/NotViewTicketsChatBot', { value: 'enabled' }, { token });
      expect(response.status).toBe(403);
      expect(response.body.error).toBe('ERR_NO_PERMISSION');
    }
    expect(await valueOf(user, 'NotViewTicketsChatBot')).toBe('disabled');
  });

  it('validates the value', async () => {
    const { admin } = await freshTenant();
    for (const body of [{ value: 'on' }, { value: true }, {}]) {
      const response = await api.put('/settings/NotViewTicketsChatBot', body, { token: admin });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('ERR_VALIDATION');
      expect(Object.keys(response.body.fields)).toEqual(['value']);
    }
  });

  it('answers 404 ERR_NO_SETTING_FOUND for an unknown key', async () => {
    const { admin } = await freshTenant();
    for (const key of ['NoSuchSetting', 'notviewticketschatbot', '__proto__', 'toString']) {
      const response = await api.put(`/settings/${key}`, { value: 'enabled' }, { token: admin });
      expect(response.status, key).toBe(404);
      expect(response.body.error, key).toBe('ERR_NO_SETTING_FOUND');
    }
  });
});

describe('the three exclusive visibility settings (SPEC §5)', () => {
  const EXCLUSIVE = ['NotViewAssignedTickets', 'NotViewTicketsChatBot', 'ViewTicketsWithoutQueue'];

  it('cannot be enabled together: 400 ERR_SETTINGS_CONFLICT, in every pair', async () => {
    for (const first of EXCLUSIVE) {
      const { admin } = await freshTenant();
      expect((await api.put(`/settings/${first}`, { value: 'enabled' }, { token: admin })).status).toBe(200);
      for (const second of EXCLUSIVE.filter((k) => k !== first)) {
        const response = await api.put(`/settings/${second}`, { value: 'enabled' }, { token: admin });
        expect(response.status, `${first} then ${second}`).toBe(400);
        expect(response.body.error).toBe('ERR_SETTINGS_CONFLICT');
        expect(Object.keys(response.body.fields)).toEqual([second]);
        expect(await valueOf(admin, second)).toBe('disabled');
      }
      expect(await valueOf(admin, first)).toBe('enabled');
    }
  });

  it('switching one off then another on works; enabling one already on, or disabling any, is fine', async () => {
    const { admin } = await freshTenant();
    expect((await api.put('/settings/NotViewAssignedTickets', { value: 'enabled' }, { token: admin })).status).toBe(200);
    expect((await api.put('/settings/NotViewAssignedTickets', { value: 'enabled' }, { token: admin })).status).toBe(200);
    expect((await api.put('/settings/ViewTicketsWithoutQueue', { value: 'disabled' }, { token: admin })).status).toBe(200);
    // Unrelated settings are not part of the rule.
    expect((await api.put('/settings/DirectTicketsToWallets', { value: 'enabled' }, { token: admin })).status).toBe(200);

    expect((await api.put('/settings/NotViewAssignedTickets', { value: 'disabled' }, { token: admin })).status).toBe(200);
    const on = await api.put('/settings/ViewTicketsWithoutQueue', { value: 'enabled' }, { token: admin });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ key: 'ViewTicketsWithoutQueue', value: 'enabled' });
    expect(await valueOf(admin, 'ViewTicketsWithoutQueue')).toBe('enabled');
    expect(await valueOf(admin, 'NotViewAssignedTickets')).toBe('disabled');
  });

  it('parallel attempts to enable two of them leave at most one enabled', async () => {
    const { admin } = await freshTenant();
    const responses = await Promise.all(EXCLUSIVE.map((key) => api.put(`/settings/${key}`, { value: 'enabled' }, { token: admin })));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 400 && r.body.error === 'ERR_SETTINGS_CONFLICT')).toHaveLength(2);
    const settings = (await api.get('/settings/', { token: admin })).body as { key: string; value: string }[];
    expect(settings.filter((s) => EXCLUSIVE.includes(s.key) && s.value === 'enabled')).toHaveLength(1);
  });
});

describe('userCreation (platform switch)', () => {
  it('only the superadmin of tenant 1 changes it: admins of tenant 1 and of other tenants, and other superadmins, get 403', async () => {
    const other = await freshTenant();
    const mainAdmin = await buildUser(server.ctx, 1, { profile: 'admin' });
    const otherSuperadmin = await buildUser(server.ctx, other.tenant.id, { profile: 'superadmin' });
    const tokens = [
      other.admin,
      (await api.login(mainAdmin.email, mainAdmin.password)).token,
      (await api.login(otherSuperadmin.email, otherSuperadmin.password)).token,
    ];
    for (const token of tokens) {
      const response = await api.put('/settings/userCreation', { value: 'disabled' }, { token });
      expect(response.status).toBe(403);
      expect(response.body.error).toBe('ERR_NO_PERMISSION');
    }
    expect(await valueOf(root, 'userCreation')).toBe('enabled');
    expect(await valueOf(other.admin, 'userCreation')).toBe('enabled');

    const off = await api.put('/settings/userCreation', { value: 'disabled' }, { token: root });
    expect(off.status).toBe(200);
    expect(await valueOf(root, 'userCreation')).toBe('disabled');
    expect((await api.put('/settings/userCreation', { value: 'enabled' }, { token: root })).status).toBe(200);
    expect(await valueOf(root, 'userCreation')).toBe('enabled');
  });
});

describe('choice settings', () => {
  it('autoResolveIdle takes only the idle times of SPEC §4', async () => {
    const { admin, user } = await freshTenant();
    for (const value of ['10m', '1h', '1d', '5d', '10d', 'disabled']) {
      const response = await api.put('/settings/autoResolveIdle', { value }, { token: admin });
      expect(response.status).toBe(200);
      expect(await valueOf(user, 'autoResolveIdle')).toBe(value);
    }
    const bad = await api.put('/settings/autoResolveIdle', { value: '2h' }, { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('ERR_VALIDATION');
    expect(bad.body.fields.value).toBeDefined();
    const switchBad = await api.put('/settings/NotViewTicketsChatBot', { value: '1h' }, { token: admin });
    expect(switchBad.status).toBe(400);
  });
});
