/**
 * Channel defaults (issue 13, settings tabs meta, hub, wuzapi, evolution): per company and kind,
 * the gateway address and keys new channels inherit. Secrets sealed and masked; base URLs through
 * the outbound address policy; a channel created without them gets them; what it gives wins; other
 * companies' channels get nothing.
 */
import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { buildInboxTenant, closeAllSockets, rows, type InboxTenant } from '../../../test/inbox.js';
import { channelSettings } from './channel-secrets.js';
import { findChannelById } from './channels.repository.js';

let server: TestServer;
let api: Api;
let t: InboxTenant;
let other: InboxTenant;
/** A gateway address nothing listens on: new channels fail to start at once and stay disconnected. */
let gateway: string;

async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  api = new Api(server.url);
  t = await buildInboxTenant(server);
  other = await buildInboxTenant(server);
  gateway = `http://127.0.0.1:${await closedPort()}`;
});
afterAll(async () => {
  closeAllSockets();
  await server?.close();
});

const createChannel = (tenant: InboxTenant, type: string, settings: Record<string, unknown>) =>
  api.post('/whatsapp', { name: `${type} ${Math.random().toString(36).slice(2, 8)}`, type, settings }, { token: tenant.admin.token });

/** A created channel's settings as its adapter reads them (secrets opened). */
async function storedSettings(tenant: InboxTenant, channelId: number) {
  const row = await findChannelById(server.ctx.db, tenant.tenant.id, channelId);
  return channelSettings(server.ctx, row!);
}

describe('GET/PUT /settings/channel-defaults', () => {
  it('starts empty for every kind; supervisors read, admins write', async () => {
    const empty = await api.get('/settings/channel-defaults', { token: other.admin.token });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ meta: {}, hub: {}, wuzapi: {}, evolution: {} });
    expect((await api.get('/settings/channel-defaults', { token: t.agent.token })).status).toBe(403);
    expect((await api.put('/settings/channel-defaults/evolution', { baseUrl: gateway }, { token: t.agent.token })).status).toBe(403);
  });

  it('saves a kind with its secrets sealed at rest and masked in answers; a masked secret keeps the stored one', async () => {
    const saved = await api.put(
      '/settings/channel-defaults/evolution',
      { baseUrl: `${gateway}/`, apiKey: 'global-api-key-123' },
      { token: t.admin.token },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({ baseUrl: gateway, apiKey: '••••••' });
    const [row] = await rows(
      server.ctx,
      sql`select "values" from channel_defaults where tenant_id = ${t.tenant.id} and kind = 'evolution'`,
    );
    const values = row.values as Record<string, string>;
    expect(values.apiKey).toMatch(/^enc:v1:/);
    expect(JSON.stringify(values)).not.toContain('global-api-key-123');

    const kept = await api.put('/settings/channel-defaults/evolution', { baseUrl: gateway, apiKey: '••••••' }, { token: t.admin.token });
    expect(kept.status).toBe(200);
    const all = await api.get('/settings/channel-defaults', { token: t.admin.token });
    expect(all.body.evolution).toEqual({ baseUrl: gateway, apiKey: '••••••' });
    expect((await api.get('/settings/channel-defaults', { token: other.admin.token })).body.evolution).toEqual({});
  });

  it('refuses bad input with the field named', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['evolution', { baseUrl: 'not a url' }, 'baseUrl'],
      ['evolution', { baseUrl: 'ftp://files.example.com' }, 'baseUrl'],
      ['meta', { apiVersion: '21' }, 'apiVersion'],
      ['meta', { businessAccountId: 'abc' }, 'businessAccountId'],
      ['hub', { token: '••••••' }, 'token'], // masked, with nothing stored
    ];
    for (const [kind, body, field] of cases) {
      const response = await api.put(`/settings/channel-defaults/${kind}`, body, { token: other.admin.token });
      expect(response.status, `${kind} ${JSON.stringify(body)}`).toBe(400);
      expect(response.body.error).toBe('ERR_VALIDATION');
      expect(Object.keys(response.body.fields)).toEqual([field]);
    }
    const unknownKind = await api.put('/settings/channel-defaults/telegram', {}, { token: other.admin.token });
    expect(unknownKind.status).toBe(400);
    const notStrings = await api.put('/settings/channel-defaults/hub', { token: 12 }, { token: other.admin.token });
    expect(notStrings.status).toBe(400);
  });
});

describe('new channels inherit the defaults of their kind', () => {
  it('an Evolution channel created without gateway URL and key gets the defaults (the key sealed as its own)', async () => {
    await api.put('/settings/channel-defaults/evolution', { baseUrl: gateway, apiKey: 'global-api-key-123' }, { token: t.admin.token });
    const created = await createChannel(t, 'evolution', { instanceName: 'loja-centro' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.settings).toMatchObject({ baseUrl: gateway, apiKey: '••••••', instanceName: 'loja-centro' });
    const settings = await storedSettings(t, created.body.id);
    expect(settings).toMatchObject({ baseUrl: gateway, apiKey: 'global-api-key-123' });

    // Blank fields are left out too; what the channel gives wins.
    const own = await createChannel(t, 'evolution', { baseUrl: `${gateway}/own`, apiKey: '' });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    expect(await storedSettings(t, own.body.id)).toMatchObject({ baseUrl: `${gateway}/own`, apiKey: 'global-api-key-123' });
  });

  it('a WhatsApp Cloud API channel takes the Meta app defaults (also when the form sends them masked)', async () => {
    const saved = await api.put(
      '/settings/channel-defaults/meta',
      {
        baseUrl: gateway,
        apiVersion: 'v20.0',
        token: 'EAAG-system-user-token',
        appSecret: 'meta-app-secret',
        verifyToken: 'verify-token-1',
      },
      { token: t.admin.token },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const created = await createChannel(t, 'waba', { phoneNumberId: '1234567890', token: '••••••', appSecret: '••••••' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await storedSettings(t, created.body.id)).toMatchObject({
      phoneNumberId: '1234567890',
      baseUrl: gateway,
      apiVersion: 'v20.0',
      token: 'EAAG-system-user-token',
      appSecret: 'meta-app-secret',
      verifyToken: 'verify-token-1',
    });
  });

  it("another company's channels get none: without its own keys the channel is refused", async () => {
    const refused = await createChannel(other, 'evolution', { instanceName: 'sem-padrao' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('ERR_VALIDATION');
    expect(Object.keys(refused.body.fields).sort()).toEqual(['settings.apiKey', 'settings.baseUrl']);
    const masked = await createChannel(other, 'waba', {
      phoneNumberId: '1234567890',
      token: '••••••',
      appSecret: 'x'.repeat(10),
      verifyToken: 'y'.repeat(10),
    });
    expect(masked.status).toBe(400);
  });
});

describe('defaults on private networks (OUTBOUND_ALLOW_PRIVATE_NETWORKS off)', () => {
  let strict: TestServer;
  let strictTenant: InboxTenant;
  beforeAll(async () => {
    strict = await startTestServer();
    strictTenant = await buildInboxTenant(strict);
  });
  afterAll(async () => {
    await strict?.close();
  });

  it('a base URL on a private address is refused with 400 naming it', async () => {
    const strictApi = new Api(strict.url);
    for (const baseUrl of ['http://127.0.0.1:8080', 'http://169.254.169.254', 'http://localhost:3000']) {
      const response = await strictApi.put(
        '/settings/channel-defaults/wuzapi',
        { baseUrl, token: 'tok' },
        { token: strictTenant.admin.token },
      );
      expect(response.status, baseUrl).toBe(400);
      expect(response.body.error).toBe('ERR_VALIDATION');
      expect(Object.keys(response.body.fields)).toEqual(['baseUrl']);
    }
  });
});
