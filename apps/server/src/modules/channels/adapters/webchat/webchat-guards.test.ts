import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Api } from '../../../../../test/api.js';
import { startTestServer, type TestServer } from '../../../../../test/harness.js';
import { findChannelById, updateChannel } from '../../channels.repository.js';
import { findMessageById } from '../../../messages/messages.repository.js';
import { webchatAdapter } from './webchat.adapter.js';
import {
  buildWebchatSetup,
  connectSocket,
  handshakeOutcome,
  nextIp,
  startVisitor,
  type RecordingSocket,
  type WebchatSetup,
} from './webchat.fixtures.js';
import { WEBCHAT_LIMITS } from './webchat.schemas.js';

// Visitors are untrusted: a token reaches only its own conversation; input is size-checked and
// rate-limited; only connected web-chat channels take visitors; uploads are checked by content.

let server: TestServer;
let api: Api;
let setup: WebchatSetup;
const sockets: RecordingSocket[] = [];

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
  api = new Api(server.url);
  setup = await buildWebchatSetup(server, api);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.close();
});

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

function upload(token: string | undefined, fields: Record<string, string>, file?: { content: Buffer; name: string; type: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([new Uint8Array(file.content)], { type: file.type }), file.name);
  return fetch(`${server.url}/webchat/media`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  }).then(async (r) => ({
    status: r.status,
    body: (await r.json()) as any,
  }));
}

describe('a visitor token reaches only its own conversation', () => {
  it("another visitor's history, messages and socket events stay out of reach", async () => {
    const ana = await startVisitor(api, setup.channel.publicKey, { name: 'Ana' });
    const bruno = await startVisitor(api, setup.channel.publicKey, { name: 'Bruno' });
    const brunoSocket = await connectSocket(`${server.url}/webchat`, bruno.token);
    sockets.push(brunoSocket);

    const clientId = randomUUID();
    const secret = await ana.post('Meu CPF é 123.456.789-00', clientId);
    expect(secret.status).toBe(201);

    const brunoHistory = await bruno.history();
    expect(brunoHistory.status).toBe(200);
    expect(brunoHistory.body.messages).toEqual([]);

    // Reusing Ana's clientId stores Bruno's own message; it never answers Ana's.
    const collision = await bruno.post('Oi', clientId);
    expect(collision.status).toBe(201);
    expect(collision.body.id).not.toBe(secret.body.id);
    expect(collision.body.body).toBe('Oi');
    expect((await ana.history()).body.messages.map((m) => m.body)).toEqual(['Meu CPF é 123.456.789-00']);

    await vi.waitFor(() => expect(brunoSocket.of('message').map((m) => m.id)).toEqual([collision.body.id]));
    expect(brunoSocket.of('message').some((m) => m.id === secret.body.id)).toBe(false);
  });

  it('an agent token, a forged or malformed token is refused with 401 ERR_INVALID_TOKEN (HTTP and socket)', async () => {
    const ana = await startVisitor(api, setup.channel.publicKey, { name: 'Ana' });
    const forged = `${ana.visitorId}.${'A'.repeat(43)}`;
    for (const token of [
      setup.admin.token,
      forged,
      'garbage',
      `${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}.${'A'.repeat(43)}`,
      '------------------------------------.AAAAAAAAAAAAAAAAAAAAAAAA',
    ]) {
      const history = await api.get('/webchat/messages', { token });
      expect(history.status).toBe(401);
      expect(history.body.error).toBe('ERR_INVALID_TOKEN');
      const post = await api.post('/webchat/messages', { clientId: randomUUID(), body: 'x' }, { token });
      expect(post.status).toBe(401);
      expect(await handshakeOutcome(`${server.url}/webchat`, token)).toBe('ERR_INVALID_TOKEN');
    }
    expect((await api.get('/webchat/messages')).status).toBe(401);
    expect(await handshakeOutcome(`${server.url}/webchat`, undefined)).toBe('ERR_INVALID_TOKEN');
    // A visitor token is no agent token either.
    expect((await api.get('/tickets', { token: ana.token })).status).toBe(401);
    expect(await handshakeOutcome(server.url, ana.token)).toBe('ERR_INVALID_TOKEN');
  });
});

describe('only a connected web-chat channel takes visitors', () => {
  it('unknown key, another type, a disconnected channel: 404 ERR_NO_WAPP_FOUND', async () => {
    const other = await buildWebchatSetup(server, api, { type: 'telegram' });
    const off = await buildWebchatSetup(server, api, { status: 'disconnected' });
    for (const key of ['unknown-key-123456', other.channel.publicKey, off.channel.publicKey]) {
      const config = await api.get(`/webchat/${key}/config`);
      expect(config.status).toBe(404);
      expect(config.body.error).toBe('ERR_NO_WAPP_FOUND');
      const session = await api.post(`/webchat/${key}/sessions`, { name: 'Ana' }, { headers: { 'x-forwarded-for': nextIp() } });
      expect(session.status).toBe(404);
      expect(session.body.error).toBe('ERR_NO_WAPP_FOUND');
    }
    expect((await api.get('/webchat/bad%20key!/config')).status).toBe(400);
  });

  it('stopping the channel cuts its visitors off; starting it lets them back', async () => {
    const own = await buildWebchatSetup(server, api);
    const visitor = await startVisitor(api, own.channel.publicKey);
    const socket = await connectSocket(`${server.url}/webchat`, visitor.token);
    sockets.push(socket);
    const agent = await connectSocket(server.url, own.admin.token);
    sockets.push(agent);

    await webchatAdapter.stop(server.ctx, own.channel);
    expect((await findChannelById(server.ctx.db, own.tenantId, own.channel.id))?.status).toBe('disconnected');
    await vi.waitFor(() => expect(socket.socket.connected).toBe(false));
    await vi.waitFor(() =>
      expect(agent.of('whatsappSession').some((e) => e.session?.id === own.channel.id && e.session.status === 'disconnected')).toBe(true),
    );
    const refused = await visitor.post('alô?');
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe('ERR_NO_WAPP_FOUND');
    expect(await handshakeOutcome(`${server.url}/webchat`, visitor.token)).toBe('ERR_NO_WAPP_FOUND');

    await webchatAdapter.start(server.ctx, own.channel);
    expect((await findChannelById(server.ctx.db, own.tenantId, own.channel.id))?.status).toBe('connected');
    expect((await visitor.post('voltei')).status).toBe(201);
    expect(await handshakeOutcome(`${server.url}/webchat`, visitor.token)).toBe('connected');
  });

  it("a channel's allowed origins decide which sites may embed it (the product's own pages always may)", async () => {
    const own = await buildWebchatSetup(server, api, { settings: { allowedOrigins: ['https://shop.example.com'] } });
    const key = own.channel.publicKey;
    const evil = await api.get(`/webchat/${key}/config`, { headers: { origin: 'https://evil.example' } });
    expect(evil.status).toBe(403);
    expect(evil.body.error).toBe('ERR_NO_PERMISSION');
    const good = await api.get(`/webchat/${key}/config`, { headers: { origin: 'https://shop.example.com' } });
    expect(good.status).toBe(200);
    expect(good.headers.get('access-control-allow-origin')).toBe('*');
    expect((await api.get(`/webchat/${key}/config`, { headers: { origin: server.url } })).status).toBe(200);

    const session = await api.post(
      `/webchat/${key}/sessions`,
      { name: 'Ana' },
      { headers: { origin: 'https://evil.example', 'x-forwarded-for': nextIp() } },
    );
    expect(session.status).toBe(403);
    const visitor = await startVisitor(api, key);
    expect((await api.get('/webchat/messages', { token: visitor.token, headers: { origin: 'https://evil.example' } })).status).toBe(403);
    expect(await handshakeOutcome(`${server.url}/webchat`, visitor.token, { origin: 'https://evil.example' })).toBe('ERR_NO_PERMISSION');
    expect(await handshakeOutcome(`${server.url}/webchat`, visitor.token, { origin: 'https://shop.example.com' })).toBe('connected');

    const preflight = await api.request('OPTIONS', '/webchat/messages', {
      headers: {
        origin: 'https://shop.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
  });
});

describe('visitor input is checked and limited', () => {
  it('bad sessions: 400 ERR_VALIDATION naming the field', async () => {
    const key = setup.channel.publicKey;
    const cases: Array<[unknown, string]> = [
      [{}, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(WEBCHAT_LIMITS.nameChars + 1) }, 'name'],
      [{ name: 'Ana', email: 'not-an-email' }, 'email'],
      [{ name: 'Ana', phone: 'call me maybe' }, 'phone'],
      [{ name: 42 }, 'name'],
    ];
    for (const [body, field] of cases) {
      const response = await api.post(`/webchat/${key}/sessions`, body, { headers: { 'x-forwarded-for': nextIp() } });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toBe('ERR_VALIDATION');
      expect(Object.keys(response.body.fields)).toContain(field);
    }
    // Empty optional fields are accepted; a name of exactly the limit too.
    expect(
      (
        await api.post(
          `/webchat/${key}/sessions`,
          { name: 'x'.repeat(80), email: '', phone: '' },
          { headers: { 'x-forwarded-for': nextIp() } },
        )
      ).status,
    ).toBe(201);
  });

  it('bad messages: 400 ERR_VALIDATION; visitor text is stored as text, markup included', async () => {
    const visitor = await startVisitor(api, setup.channel.publicKey);
    const cases: Array<[unknown, string]> = [
      [{ clientId: randomUUID(), body: 'x'.repeat(WEBCHAT_LIMITS.bodyChars + 1) }, 'body'],
      [{ clientId: randomUUID(), body: ' \n ' }, 'body'],
      [{ clientId: 'not-a-uuid', body: 'hi' }, 'clientId'],
      [{ body: 'hi' }, 'clientId'],
      [{ clientId: randomUUID() }, 'body'],
    ];
    for (const [body, field] of cases) {
      const response = await api.post('/webchat/messages', body, { token: visitor.token });
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body.error).toBe('ERR_VALIDATION');
      expect(Object.keys(response.body.fields)).toContain(field);
    }
    const history = await api.get('/webchat/messages?since=yesterday', { token: visitor.token });
    expect(history.status).toBe(400);
    expect(history.body.error).toBe('ERR_VALIDATION');

    const markup = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    const stored = await visitor.post(markup);
    expect(stored.status).toBe(201);
    expect(stored.body.body).toBe(markup);
    expect((await findMessageById(server.ctx.db, setup.tenantId, stored.body.id))?.body).toBe(markup);
    expect((await visitor.post('x'.repeat(WEBCHAT_LIMITS.bodyChars))).status).toBe(201);
  });

  it(`more than ${WEBCHAT_LIMITS.messagesPerMinute} messages a minute from one visitor: 429 ERR_LIMIT_MAX`, async () => {
    const visitor = await startVisitor(api, setup.channel.publicKey);
    const answers = await Promise.all(Array.from({ length: WEBCHAT_LIMITS.messagesPerMinute + 5 }, (_, i) => visitor.post(`spam ${i}`)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(WEBCHAT_LIMITS.messagesPerMinute);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect(answers.find((a) => a.status === 429)!.body.error).toBe('ERR_LIMIT_MAX');
    expect((await visitor.history()).body.messages).toHaveLength(WEBCHAT_LIMITS.messagesPerMinute);
    // Another visitor is not affected.
    expect((await (await startVisitor(api, setup.channel.publicKey)).post('oi')).status).toBe(201);
  });

  it(`more than ${WEBCHAT_LIMITS.sessionsPerMinutePerIp} sessions a minute from one address: 429 ERR_LIMIT_MAX`, async () => {
    const ip = nextIp();
    const answers = await Promise.all(
      Array.from({ length: WEBCHAT_LIMITS.sessionsPerMinutePerIp + 3 }, () =>
        api.post(`/webchat/${setup.channel.publicKey}/sessions`, { name: 'Bot' }, { headers: { 'x-forwarded-for': ip } }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(WEBCHAT_LIMITS.sessionsPerMinutePerIp);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(3);
    expect(refused[0].body.error).toBe('ERR_LIMIT_MAX');
  });
});

describe('files from visitors', () => {
  it('an image is stored under an unguessable key and reaches the agent as media; a resend stores it once', async () => {
    const visitor = await startVisitor(api, setup.channel.publicKey);
    const clientId = randomUUID();
    const first = await upload(visitor.token, { clientId, body: 'foto do produto' }, { content: PNG, name: 'foto.png', type: 'image/png' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ clientId, from: 'visitor', mediaType: 'image', mediaName: 'foto.png', body: 'foto do produto' });
    expect(first.body.mediaUrl).toMatch(/^\/media\/\d+\/[A-Za-z0-9_-]{32}\?/);
    const row = await findMessageById(server.ctx.db, setup.tenantId, first.body.id);
    expect(row).toMatchObject({ mediaMime: 'image/png', mediaSize: PNG.length, mediaType: 'image' });

    const again = await upload(visitor.token, { clientId }, { content: PNG, name: 'foto.png', type: 'image/png' });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);

    // The signed link works without any token (an <img> in the widget), and only as signed.
    const media = await fetch(`${server.url}${first.body.mediaUrl}`);
    expect(media.status).toBe(200);
    expect(Buffer.from(await media.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await fetch(`${server.url}${first.body.mediaUrl.replace(/signature=[^&]+/, 'signature=forged')}`)).status).toBe(403);
  });

  it('refuses files by content type, size, missing parts and a missing token', async () => {
    const visitor = await startVisitor(api, setup.channel.publicKey);
    const html = await upload(
      visitor.token,
      { clientId: randomUUID() },
      { content: Buffer.from('<html><script>alert(1)</script></html>'), name: 'x.png', type: 'image/png' },
    );
    expect(html.status).toBe(415);
    expect(html.body.error).toBe('ERR_UNSUPPORTED_MEDIA_TYPE');
    const exe = await upload(
      visitor.token,
      { clientId: randomUUID() },
      { content: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]), name: 'a.pdf', type: 'application/pdf' },
    );
    expect(exe.status).toBe(415);

    const big = Buffer.concat([PNG, Buffer.alloc(WEBCHAT_LIMITS.uploadBytes + 1 - PNG.length)]);
    const tooBig = await upload(visitor.token, { clientId: randomUUID() }, { content: big, name: 'big.png', type: 'image/png' });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error).toBe('ERR_PAYLOAD_TOO_LARGE');

    const noFile = await upload(visitor.token, { clientId: randomUUID() });
    expect(noFile.status).toBe(400);
    expect(noFile.body.error).toBe('ERR_VALIDATION');
    const badId = await upload(visitor.token, { clientId: 'nope' }, { content: PNG, name: 'a.png', type: 'image/png' });
    expect(badId.status).toBe(400);
    expect(Object.keys(badId.body.fields)).toEqual(['clientId']);
    const json = await api.post('/webchat/media', { clientId: randomUUID() }, { token: visitor.token });
    expect(json.status).toBe(415);
    expect(json.body.error).toBe('ERR_UNSUPPORTED_MEDIA_TYPE');
    const anonymous = await upload(undefined, { clientId: randomUUID() }, { content: PNG, name: 'a.png', type: 'image/png' });
    expect(anonymous.status).toBe(401);

    expect((await visitor.history()).body.messages).toEqual([]);
  });
});

describe('the adapter', () => {
  it('validates settings with defaults, and sends only to web-chat visitors', async () => {
    // No default title or welcome: the widget has its own in each language.
    expect(webchatAdapter.settingsSchema.parse({})).toEqual({ color: '#228be6', allowedOrigins: [] });
    expect(webchatAdapter.settingsSchema.parse({ allowedOrigins: ['HTTPS://Shop.Example.com/'] })).toMatchObject({
      allowedOrigins: ['https://shop.example.com'],
    });
    for (const bad of [
      { title: 'x'.repeat(61) },
      { welcomeMessage: 'x'.repeat(501) },
      { color: 'red' },
      { allowedOrigins: ['https://shop.example.com/path'] },
      { allowedOrigins: ['javascript:alert(1)'] },
    ]) {
      expect(webchatAdapter.settingsSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    await expect(
      webchatAdapter.send(server.ctx, setup.channel, {
        messageId: randomUUID(),
        ticketId: 1,
        contact: { id: 1, number: '5511999999999', externalKey: null },
        body: 'oi',
      }),
    ).rejects.toMatchObject({ code: 'ERR_WAPP_INVALID_CONTACT' });
  });

  it('config answers the channel settings, never the allowed origins', async () => {
    await updateChannel(server.ctx.db, setup.tenantId, setup.channel.id, {
      settings: { title: 'Fale conosco', color: '#ff0000', allowedOrigins: [] },
    });
    const config = await api.get(`/webchat/${setup.channel.publicKey}/config`);
    expect(config.body).toEqual({ title: 'Fale conosco', color: '#ff0000' });
  });
});

describe('the widget bundle and the demo page', () => {
  it('GET /widget.js serves the bundle with cache headers and an ETag', async () => {
    // The bundle is a build output: build it here when this test runs before any build.
    const widgetDir = fileURLToPath(new URL('../../../../../../widget/', import.meta.url));
    if (!existsSync(`${widgetDir}dist/widget.js`)) execFileSync(process.execPath, ['build.mjs'], { cwd: widgetDir });
    const response = await fetch(`${server.url}/widget.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('javascript');
    expect(response.headers.get('cache-control')).toContain('max-age=');
    const etag = response.headers.get('etag')!;
    expect((await response.text()).length).toBeGreaterThan(1000);
    const again = await fetch(`${server.url}/widget.js`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('GET /webchat/demo/:publicKey embeds the widget of that channel, under a strict CSP', async () => {
    const english = { 'accept-language': 'en-US,en;q=0.9' };
    const response = await fetch(`${server.url}/webchat/demo/${setup.channel.publicKey}`, { headers: english });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await response.text();
    expect(html).toContain('Conversa web-chat demo');
    expect(html).toContain(`<script src="/widget.js" data-channel="${setup.channel.publicKey}" data-lang="en-us" async></script>`);

    const unknown = await fetch(`${server.url}/webchat/demo/unknown-key-123456`, { headers: english });
    expect(unknown.status).toBe(200);
    expect(await unknown.text()).toContain('not connected');
    expect((await fetch(`${server.url}/webchat/demo/%3Cscript%3E`)).status).toBe(400);
  });

  it("GET /webchat/demo/:publicKey speaks the visitor's language (Accept-Language), Portuguese by default, and so does its widget", async () => {
    const page = async (acceptLanguage?: string) => {
      const answer = await fetch(`${server.url}/webchat/demo/${setup.channel.publicKey}`, {
        headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
      });
      const html = await answer.text();
      return {
        lang: /<html lang="([^"]+)">/.exec(html)?.[1],
        widgetLang: /data-lang="([^"]+)"/.exec(html)?.[1],
        contentLanguage: answer.headers.get('content-language'),
        vary: answer.headers.get('vary'),
        html,
      };
    };
    const german = await page('de-DE,de;q=0.9,en;q=0.5');
    expect(german).toMatchObject({ lang: 'de', widgetLang: 'de', contentLanguage: 'de' });
    expect(german.vary).toMatch(/accept-language/i);
    expect(german.html).toContain('In den Warenkorb');
    const mexican = await page('es-MX');
    expect(mexican).toMatchObject({ lang: 'es-419', widgetLang: 'es-419' });
    expect(mexican.html).toContain('Agregar al carrito');
    expect(mexican.html).toContain('Demostración del chat web de Conversa');
    for (const header of [undefined, 'ja-JP', '*']) {
      const portuguese = await page(header);
      expect(portuguese, String(header)).toMatchObject({ lang: 'pt', widgetLang: 'pt' });
      expect(portuguese.html).toContain('Adicionar ao carrinho');
    }
    // A preference with a higher weight wins over the order of the list.
    expect((await page('en;q=0.3, ru;q=0.8')).lang).toBe('ru');
  });
});
