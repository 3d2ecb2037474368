import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Api } from '../../../test/api.js';
import { buildTenant } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { buildAgent, closeAllSockets, connectAgent, type Agent } from '../../../test/inbox.js';
import { eventsBeforeMarker } from '../../../test/markers.js';
import { CHANNEL_TYPES } from '@conversa/shared';
import type { ChannelAdapter } from './adapters/channel-adapter.js';
import { supportedChannelTypes } from './adapters/registry.js';
import { settingsObject, validSettings } from './channel-settings.js';
import { SECRET_MASK } from './channels.presenter.js';

let server: TestServer;
let api: Api;

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
});
afterAll(async () => {
  closeAllSockets();
  await server?.close();
});

/** A tenant with an admin, a supervisor and a user, and room for `maxConnections` channels. */
async function tenantWith(maxConnections = 5) {
  const tenant = await buildTenant(server.ctx, { maxConnections });
  return {
    tenant,
    admin: await buildAgent(server, tenant.id, 'admin'),
    supervisor: await buildAgent(server, tenant.id, 'super'),
    user: await buildAgent(server, tenant.id, 'user'),
  };
}

const create = (agent: Agent, body: Record<string, unknown>) => api.post('/whatsapp', { type: 'webchat', ...body }, { token: agent.token });
const defaults = async (agent: Agent) =>
  ((await api.get('/whatsapp', { token: agent.token })).body as any[]).filter((c) => c.isDefault).map((c) => c.id);

describe('POST /whatsapp', () => {
  it('creates and starts a web-chat channel; the first channel is the default; the public key is random', async () => {
    const { admin, supervisor } = await tenantWith();
    const first = await create(admin, { name: ' Site ', farewellMessage: 'Tchau!', autoDistribution: 'balanced' });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(Number),
      name: 'Site',
      type: 'webchat',
      status: 'connected',
      number: null,
      isDefault: true,
      queueId: null,
      farewellMessage: 'Tchau!',
      autoCloseKeyword: null,
      autoEvaluation: false,
      autoDistribution: 'balanced',
      chatFlowId: null,
      birthdayMessage: null,
      birthdayHour: 9,
      transcribeAudio: false,
      audioTranscription: null,
      webPush: true,
      // No title or welcome of its own: the widget shows its defaults in the visitor's language.
      settings: { color: expect.any(String), allowedOrigins: [] },
      publicKey: expect.stringMatching(/^[A-Za-z0-9_-]{32,}$/),
      qrcode: null,
      retries: 0,
      updatedAt: expect.any(String),
    });

    const second = await create(supervisor, { name: 'Loja' });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ isDefault: false, autoDistribution: 'none', farewellMessage: null });
    expect(second.body.publicKey).not.toBe(first.body.publicKey);
    expect(await defaults(admin)).toEqual([first.body.id]);
  });

  it('makes a channel created as default the only default', async () => {
    const { admin } = await tenantWith();
    const first = await create(admin, { name: 'Primeiro' });
    const second = await create(admin, { name: 'Segundo', isDefault: true });
    expect(second.body.isDefault).toBe(true);
    expect(await defaults(admin)).toEqual([second.body.id]);
    expect((await api.get(`/whatsapp/${first.body.id}`, { token: admin.token })).body.isDefault).toBe(false);
  });

  it('stops at the tenant max connections: 400 ERR_CONNECTION_LIMIT, also for concurrent creations', async () => {
    const { admin } = await tenantWith(3);
    expect((await create(admin, { name: 'Um' })).status).toBe(201);
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => create(admin, { name: `Concorrente ${i}` })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 400, 400, 400]);
    for (const refused of results.filter((r) => r.status === 400)) {
      expect(refused.body).toEqual({ error: 'ERR_CONNECTION_LIMIT', message: 'Limite de conexões atingidas' });
    }
    expect((await api.get('/whatsapp', { token: admin.token })).body).toHaveLength(3);

    // A deleted channel frees its place.
    const some = (await api.get('/whatsapp', { token: admin.token })).body[0];
    expect((await api.delete(`/whatsapp/${some.id}`, { token: admin.token })).status).toBe(204);
    expect((await create(admin, { name: 'Depois' })).status).toBe(201);
  });

  it('refuses a type that is unknown or not supported by this server with 400, loudly', async () => {
    const { admin } = await tenantWith();
    const unknown = await create(admin, { name: 'X', type: 'carrier-pigeon' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('ERR_VALIDATION');
    expect(Object.keys(unknown.body.fields)).toEqual(['type']);

    // A type of the spec whose adapter this server does not have yet (none once every adapter exists).
    const missing = CHANNEL_TYPES.find((type) => !supportedChannelTypes().includes(type));
    if (missing) {
      const unsupported = await create(admin, { name: 'X', type: missing });
      expect(unsupported.status).toBe(400);
      expect(unsupported.body).toMatchObject({
        error: 'ERR_VALIDATION',
        message: `Channel type '${missing}' is not supported by this server.`,
        fields: { type: [expect.any(String)] },
      });
    }
    expect((await api.get('/whatsapp', { token: admin.token })).body).toEqual([]);
  });

  it("validates the settings with the type's schema; JSON text is parsed, invalid JSON gets the SPEC message", async () => {
    const { admin } = await tenantWith();
    const fromText = await create(admin, { name: 'JSON', settings: '{"title":"Fale conosco","color":"#112233"}' });
    expect(fromText.status).toBe(201);
    expect(fromText.body.settings).toMatchObject({ title: 'Fale conosco', color: '#112233' });

    const invalidJson = await create(admin, { name: 'Bad', settings: '{"title": "x",' });
    expect(invalidJson.status).toBe(400);
    expect(invalidJson.body).toEqual({
      error: 'ERR_INVALID_JSON',
      message: 'The entered JSON format is invalid. Please correct and try again.',
      fields: { settings: ['The entered JSON format is invalid. Please correct and try again.'] },
      issues: { settings: [{ code: 'ERR_INVALID_JSON' }] },
    });
    const notAnObject = await create(admin, { name: 'Bad', settings: '[1,2]' });
    expect(notAnObject.status).toBe(400);
    expect(notAnObject.body.error).toBe('ERR_INVALID_JSON');

    const wrongValue = await create(admin, { name: 'Bad', settings: { color: 'red', allowedOrigins: ['not a url'] } });
    expect(wrongValue.status).toBe(400);
    expect(wrongValue.body.error).toBe('ERR_VALIDATION');
    expect(Object.keys(wrongValue.body.fields).sort()).toEqual(['settings.allowedOrigins.0', 'settings.color']);
    // The channel form translates these (the web app's fieldErrors).
    expect(wrongValue.body.issues).toEqual({
      'settings.color': [{ code: 'invalid_format', origin: 'string', format: 'regex' }],
      'settings.allowedOrigins.0': [{ code: 'invalid_format', origin: 'string', format: 'regex' }],
    });
    expect((await api.get('/whatsapp', { token: admin.token })).body).toHaveLength(1);
  });

  it('normalises the number (country code required) and checks the queue belongs to the tenant', async () => {
    const { admin } = await tenantWith();
    const numbered = await create(admin, { name: 'Número', number: '+55 (11) 99999-0000' });
    expect(numbered.body.number).toBe('5511999990000');
    const invalid = await create(admin, { name: 'Número', number: '99999' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toBe('ERR_INVALID_PHONE');

    const queue = await api.post('/queue', { name: 'Fila do canal' }, { token: admin.token });
    expect((await create(admin, { name: 'Com fila', queueId: queue.body.id })).body.queueId).toBe(queue.body.id);
    const other = await tenantWith();
    const foreignQueue = await api.post('/queue', { name: 'Fila alheia' }, { token: other.admin.token });
    const refused = await create(admin, { name: 'Fila alheia', queueId: foreignQueue.body.id });
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe('ERR_NO_QUEUE_FOUND');
  });

  it('is for supervisors and admins: a user gets 403 ERR_NO_PERMISSION', async () => {
    const { user } = await tenantWith();
    const response = await create(user, { name: 'Do usuário' });
    expect(response.status).toBe(403);
    expect(response.body.error).toBe('ERR_NO_PERMISSION');
  });
});

describe('GET /whatsapp, /whatsapp/:id, /whatsapp/default', () => {
  it('lists and reads the channels for every agent; the default is 404 ERR_NO_DEF_WAPP_FOUND while there is none', async () => {
    const { admin, user } = await tenantWith();
    const none = await api.get('/whatsapp/default', { token: user.token });
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ error: 'ERR_NO_DEF_WAPP_FOUND', message: 'No default channel found. Check your connections.' });

    const b = await create(admin, { name: 'B' });
    const a = await create(admin, { name: 'A' });
    const list = await api.get('/whatsapp', { token: user.token });
    expect(list.status).toBe(200);
    expect(list.body.map((c: any) => c.name)).toEqual(['A', 'B']);
    expect(list.body[1]).toEqual(b.body);
    expect((await api.get(`/whatsapp/${a.body.id}`, { token: user.token })).body).toEqual(a.body);
    expect((await api.get('/whatsapp/default', { token: user.token })).body).toEqual(b.body);
    const missing = await api.get('/whatsapp/2147483000', { token: user.token });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('ERR_NO_WAPP_FOUND');
  });
});

describe('PUT /whatsapp/:id', () => {
  it('edits the given fields; making a channel the default clears the previous one; the default cannot just be unset', async () => {
    const { admin, supervisor } = await tenantWith();
    const first = await create(admin, { name: 'Primeiro', settings: { title: 'Antigo', color: '#111111' } });
    const second = await create(admin, { name: 'Segundo' });

    const edited = await api.put(
      `/whatsapp/${second.body.id}`,
      { name: 'Segundo editado', farewellMessage: 'Até logo', autoDistribution: 'random', isDefault: true },
      { token: supervisor.token },
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      id: second.body.id,
      name: 'Segundo editado',
      farewellMessage: 'Até logo',
      autoDistribution: 'random',
      isDefault: true,
    });
    expect(await defaults(admin)).toEqual([second.body.id]);

    const unset = await api.put(`/whatsapp/${second.body.id}`, { isDefault: false }, { token: admin.token });
    expect(unset.status).toBe(400);
    expect(unset.body.error).toBe('ERR_VALIDATION');
    expect(await defaults(admin)).toEqual([second.body.id]);

    // Settings: the given keys over the stored ones, checked again.
    const settings = await api.put(`/whatsapp/${first.body.id}`, { settings: '{"title":"Novo"}' }, { token: admin.token });
    expect(settings.body.settings).toMatchObject({ title: 'Novo', color: '#111111' });
    const badSettings = await api.put(`/whatsapp/${first.body.id}`, { settings: '{title: Novo}' }, { token: admin.token });
    expect(badSettings.status).toBe(400);
    expect(badSettings.body.error).toBe('ERR_INVALID_JSON');

    const typeChange = await api.put(`/whatsapp/${first.body.id}`, { type: 'telegram' }, { token: admin.token });
    expect(typeChange.status).toBe(400);
    expect(typeChange.body.fields).toEqual({ type: [expect.any(String)] });
    const sameType = await api.put(`/whatsapp/${first.body.id}`, { type: 'webchat', name: 'Mesmo tipo' }, { token: admin.token });
    expect(sameType.status).toBe(200);
  });

  it('keeps exactly one default under concurrent changes', async () => {
    const { admin } = await tenantWith();
    const ids: number[] = [];
    for (const name of ['C1', 'C2', 'C3', 'C4']) ids.push((await create(admin, { name })).body.id);
    const results = await Promise.all(ids.map((id) => api.put(`/whatsapp/${id}`, { isDefault: true }, { token: admin.token })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await defaults(admin)).toHaveLength(1);
  });

  it('is refused to users (403) and for missing channels (404)', async () => {
    const { admin, user } = await tenantWith();
    const channel = await create(admin, { name: 'Canal' });
    expect((await api.put(`/whatsapp/${channel.body.id}`, { name: 'x' }, { token: user.token })).status).toBe(403);
    const missing = await api.put('/whatsapp/2147483000', { name: 'x' }, { token: admin.token });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('ERR_NO_WAPP_FOUND');
  });
});

describe('DELETE /whatsapp/:id', () => {
  it('deletes a channel; when it was the default, the oldest remaining channel becomes the default', async () => {
    const { admin, user } = await tenantWith();
    const first = await create(admin, { name: 'Primeiro' });
    const second = await create(admin, { name: 'Segundo' });
    const third = await create(admin, { name: 'Terceiro' });
    expect((await api.delete(`/whatsapp/${second.body.id}`, { token: user.token })).status).toBe(403);

    expect((await api.delete(`/whatsapp/${first.body.id}`, { token: admin.token })).status).toBe(204);
    expect(await defaults(admin)).toEqual([second.body.id]);
    expect((await api.delete(`/whatsapp/${second.body.id}`, { token: admin.token })).status).toBe(204);
    expect(await defaults(admin)).toEqual([third.body.id]);
    expect((await api.delete(`/whatsapp/${third.body.id}`, { token: admin.token })).status).toBe(204);
    expect((await api.get('/whatsapp/default', { token: admin.token })).body.error).toBe('ERR_NO_DEF_WAPP_FOUND');
    const again = await api.delete(`/whatsapp/${third.body.id}`, { token: admin.token });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('ERR_NO_WAPP_FOUND');
  });
});

describe('POST /whatsapp/:id/start and /stop', () => {
  it("stop and start through the type's adapter; each status change reaches the tenant's agents as a session event", async () => {
    const { admin, supervisor, user } = await tenantWith();
    const channel = await create(admin, { name: 'Sessão' });
    const watcher = await connectAgent(server.url, user.token);
    const elsewhere = await tenantWith();
    const outsider = await connectAgent(server.url, elsewhere.admin.token);

    const stopped = await api.post(`/whatsapp/${channel.body.id}/stop`, undefined, { token: supervisor.token });
    expect(stopped.status).toBe(200);
    expect(stopped.body).toMatchObject({ id: channel.body.id, status: 'disconnected' });
    const off = await watcher.waitFor('whatsappSession', (p) => p.session?.id === channel.body.id && p.session.status === 'disconnected');
    expect(off).toMatchObject({
      action: 'update',
      session: { id: channel.body.id, name: 'Sessão', type: 'webchat', status: 'disconnected' },
    });

    const started = await api.post(`/whatsapp/${channel.body.id}/start`, undefined, { token: admin.token });
    expect(started.status).toBe(200);
    expect(started.body.status).toBe('connected');
    await watcher.waitFor('whatsappSession', (p) => p.session?.id === channel.body.id && p.session.status === 'connected');
    // Each push went out in one emit: the other tenant's marker comes after anything they sent there.
    const [before] = await eventsBeforeMarker(server.url, elsewhere.admin.token, [outsider]);
    expect(before.filter((e) => e.event === 'whatsappSession')).toEqual([]);

    for (const action of ['start', 'stop']) {
      expect((await api.post(`/whatsapp/${channel.body.id}/${action}`, undefined, { token: user.token })).status).toBe(403);
      const missing = await api.post(`/whatsapp/2147483000/${action}`, undefined, { token: admin.token });
      expect(missing.status).toBe(404);
      expect(missing.body.error).toBe('ERR_NO_WAPP_FOUND');
    }
  });
});

describe('tenant isolation', () => {
  it("answers 404 ERR_NO_WAPP_FOUND to every route given another tenant's channel id, and changes nothing", async () => {
    const owner = await tenantWith();
    const channel = await create(owner.admin, { name: 'Do dono' });
    const intruder = await tenantWith();
    const token = intruder.admin.token;
    const attempts = [
      api.get(`/whatsapp/${channel.body.id}`, { token }),
      api.put(`/whatsapp/${channel.body.id}`, { name: 'Hacked', isDefault: true }, { token }),
      api.post(`/whatsapp/${channel.body.id}/stop`, undefined, { token }),
      api.post(`/whatsapp/${channel.body.id}/start`, undefined, { token }),
      api.delete(`/whatsapp/${channel.body.id}`, { token }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(404);
      expect(response.body.error).toBe('ERR_NO_WAPP_FOUND');
    }
    expect((await api.get('/whatsapp', { token })).body).toEqual([]);
    expect((await api.get('/whatsapp/default', { token })).status).toBe(404);
    expect((await api.get(`/whatsapp/${channel.body.id}`, { token: owner.admin.token })).body).toEqual(channel.body);
  });
});

describe('channel settings', () => {
  const adapter = {
    type: 'telegram',
    settingsSchema: z.object({ botToken: z.string().min(10), greeting: z.string().default('Oi') }),
  } as unknown as ChannelAdapter;

  it('keep a stored secret when the masked value the API shows is sent back', () => {
    const stored = validSettings(adapter, { botToken: 'secret-token-123' });
    expect(stored).toEqual({ botToken: 'secret-token-123', greeting: 'Oi' });
    expect(validSettings(adapter, { botToken: SECRET_MASK, greeting: 'Olá' }, stored)).toEqual({
      botToken: 'secret-token-123',
      greeting: 'Olá',
    });
    expect(validSettings(adapter, { botToken: 'another-token-456' }, stored)).toEqual({ botToken: 'another-token-456', greeting: 'Oi' });
    expect(() => validSettings(adapter, { botToken: SECRET_MASK })).toThrow(
      expect.objectContaining({
        code: 'ERR_VALIDATION',
        fields: { 'settings.botToken': [{ message: expect.any(String), issue: expect.objectContaining({ code: expect.any(String) }) }] },
      }),
    );
  });

  it('accept an object or its JSON text; empty text is no settings', () => {
    expect(settingsObject('{"a":1}')).toEqual({ a: 1 });
    expect(settingsObject(' ')).toEqual({});
    expect(settingsObject(undefined)).toEqual({});
    expect(() => settingsObject('nope')).toThrow(expect.objectContaining({ code: 'ERR_INVALID_JSON' }));
    expect(() => settingsObject('"text"')).toThrow(expect.objectContaining({ code: 'ERR_INVALID_JSON' }));
  });
});

describe('hideUnoficial', () => {
  it('a company limited to official channels cannot create the QR-code WhatsApp kinds, but can create official ones', async () => {
    const tenant = await buildTenant(server.ctx, { maxConnections: 5, hideUnoficial: true });
    const admin = await buildAgent(server, tenant.id, 'admin');
    const refused = await create(admin, {
      name: 'Gateway',
      type: 'evolution',
      settings: { baseUrl: 'https://evolution.example.com', apiKey: 'an-api-key-123' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_NO_PERMISSION');
    expect((await api.get('/whatsapp', { token: admin.token })).body).toHaveLength(0);
    expect((await create(admin, { name: 'Site' })).status).toBe(201);
  });
});
