import { randomBytes } from 'node:crypto';
import { SOCKET_EVENTS } from '@conversa/shared';
import { startMetaCloudSimulator, type MetaCloudSimulator } from '@conversa/simulators';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { buildInboxTenant, closeAllSockets, connectAgent, rows, type InboxTenant } from '../../../test/inbox.js';
import { sealStoredChannelSecrets } from '../../bootstrap/seal-channel-secrets.js';
import { createSecretBox, deriveSecretsKey, SecretUnreadableError } from '../../platform/crypto/secret-box.js';
import { channelSettings, SECRET_MASK } from './channel-secrets.js';
import { findChannelById, insertChannel } from './channels.repository.js';

/** Provider secrets at rest: sealed in the database, opened only for the adapter, masked in every answer. */

describe('SecretBox', () => {
  const box = createSecretBox(deriveSecretsKey(randomBytes(48).toString('base64url')));

  it('seals with a random IV in a versioned format, opens only with the same key and label, passes clear values through', () => {
    const sealed = box.seal('EAAG-token-1234', 'token');
    expect(sealed).toMatch(/^enc:v1:[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('EAAG');
    expect(box.seal('EAAG-token-1234', 'token')).not.toBe(sealed);
    expect(box.open(sealed, 'token')).toBe('EAAG-token-1234');
    expect(() => box.open(sealed, 'appSecret')).toThrow(SecretUnreadableError);
    const other = createSecretBox(deriveSecretsKey('another key material, long and random enough'));
    expect(() => other.open(sealed, 'token')).toThrow(SecretUnreadableError);
    // One bit of the last byte flipped (replacing text characters could leave the bytes as they were).
    const bytes = Buffer.from(sealed.slice('enc:v1:'.length), 'base64url');
    bytes[bytes.length - 1] ^= 1;
    const tampered = `enc:v1:${bytes.toString('base64url')}`;
    expect(tampered).not.toBe(sealed);
    expect(() => box.open(tampered, 'token')).toThrow(SecretUnreadableError);
    expect(box.open('written before encryption', 'token')).toBe('written before encryption');
  });
});

describe('WABA channel secrets', () => {
  let server: TestServer;
  let api: Api;
  let sim: MetaCloudSimulator;
  let t: InboxTenant;
  const VERIFY_TOKEN = 'verify-token-of-test';

  beforeAll(async () => {
    server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
    api = new Api(server.url);
    sim = await startMetaCloudSimulator({ displayPhoneNumber: '5511930000001' });
    t = await buildInboxTenant(server);
  });
  afterAll(async () => {
    closeAllSockets();
    await sim?.settle();
    await sim?.close();
    await server?.close();
  });

  const settings = () => ({
    phoneNumberId: sim.phoneNumberId,
    businessAccountId: sim.businessAccountId,
    token: sim.token,
    appSecret: sim.appSecret,
    verifyToken: VERIFY_TOKEN,
    baseUrl: sim.url,
  });
  const plaintexts = () => [sim.token, sim.appSecret, VERIFY_TOKEN];
  const rawSettings = async (id: number) =>
    String((await rows(server.ctx, sql`select settings::text as settings from channels where id = ${id}`))[0]?.settings);
  const graphChecks = () => sim.requests.filter((r) => r.method === 'GET' && r.path === `/v21.0/${sim.phoneNumberId}`);

  it('stores no secret in clear, shows masks in GET, PUT and socket answers, and an edit keeps the secret working', async () => {
    const watcher = await connectAgent(server.url, t.admin.token);
    const created = await api.post(
      '/whatsapp',
      { name: 'WABA segredos', type: 'waba', queueId: t.queue.id, settings: settings() },
      { token: t.admin.token },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    // Started with the right token: the Graph check went through and the channel is connected.
    expect(created.body.status).toBe('connected');

    const raw = await rawSettings(id);
    for (const secret of plaintexts()) expect(raw).not.toContain(secret);
    expect(raw.match(/enc:v1:/g)).toHaveLength(3);
    expect(raw).toContain(sim.phoneNumberId);

    const masks = { token: SECRET_MASK, appSecret: SECRET_MASK, verifyToken: SECRET_MASK };
    expect(created.body.settings).toMatchObject(masks);
    expect((await api.get(`/whatsapp/${id}`, { token: t.admin.token })).body.settings).toMatchObject(masks);
    const listed = (await api.get('/whatsapp', { token: t.admin.token })).body.find((c: any) => c.id === id);
    expect(listed.settings).toMatchObject(masks);

    // The channel form sends everything back, secrets as it shows them, with another name.
    const shown = (await api.get(`/whatsapp/${id}`, { token: t.admin.token })).body;
    const edited = await api.put(`/whatsapp/${id}`, { name: 'WABA renomeado', settings: shown.settings }, { token: t.admin.token });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ name: 'WABA renomeado', settings: masks });
    const pushed = await watcher.waitFor(SOCKET_EVENTS.channelSession, (p) => p.session?.name === 'WABA renomeado');
    expect(pushed.session.settings).toMatchObject(masks);
    const everyPush = JSON.stringify(watcher.received(SOCKET_EVENTS.channelSession));
    for (const secret of plaintexts()) expect(everyPush).not.toContain(secret);
    const rawAfter = await rawSettings(id);
    for (const secret of plaintexts()) expect(rawAfter).not.toContain(secret);

    // The adapter opens the kept secret: a restart reaches the simulator with the right token.
    const before = graphChecks().length;
    const restarted = await api.post(`/whatsapp/${id}/start`, {}, { token: t.admin.token });
    expect(restarted.status).toBe(200);
    expect(restarted.body.status).toBe('connected');
    const check = graphChecks()[before];
    expect(check?.headers.authorization).toBe(`Bearer ${sim.token}`);
    expect(channelSettings(server.ctx, (await findChannelById(server.ctx.db, t.tenant.id, id))!)).toMatchObject({
      token: sim.token,
      appSecret: sim.appSecret,
    });

    // A new secret replaces the stored one (sealed too).
    const changed = await api.put(
      `/whatsapp/${id}`,
      { settings: { ...shown.settings, verifyToken: 'a-new-verify-token' } },
      { token: t.admin.token },
    );
    expect(changed.status).toBe(200);
    expect(channelSettings(server.ctx, (await findChannelById(server.ctx.db, t.tenant.id, id))!).verifyToken).toBe('a-new-verify-token');
    expect(await rawSettings(id)).not.toContain('a-new-verify-token');
  });

  it('seals the secrets of channels stored in clear before encryption (the start-up migration), and they keep working', async () => {
    const row = await insertChannel(server.ctx.db, t.tenant.id, {
      name: 'WABA antigo',
      type: 'waba',
      status: 'disconnected',
      number: null,
      isDefault: false,
      queueId: null,
      farewellMessage: null,
      autoDistribution: 'none',
      settings: { ...settings(), apiVersion: 'v21.0', mediaDelivery: 'upload' },
      publicKey: randomBytes(24).toString('base64url'),
    });
    expect(await rawSettings(row.id)).toContain(sim.token);
    expect(await sealStoredChannelSecrets(server.ctx)).toBeGreaterThanOrEqual(1);
    const raw = await rawSettings(row.id);
    for (const secret of plaintexts()) expect(raw).not.toContain(secret);
    expect(await sealStoredChannelSecrets(server.ctx)).toBe(0);

    const before = graphChecks().length;
    const started = await api.post(`/whatsapp/${row.id}/start`, {}, { token: t.admin.token });
    expect(started.body.status).toBe('connected');
    expect(graphChecks()[before]?.headers.authorization).toBe(`Bearer ${sim.token}`);
  });
});
