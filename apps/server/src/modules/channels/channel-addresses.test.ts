import { request as httpsRequest } from 'node:https';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { buildInboxTenant, closeAllSockets, type InboxTenant } from '../../../test/inbox.js';
import { createOutboundPolicy, OutboundBlockedError } from '../../platform/http/outbound-policy.js';
import { proxyOf } from './adapters/baileys/baileys.driver.js';
import { baileysSettingsOf } from './adapters/baileys/baileys.schemas.js';

/**
 * SSRF: every URL a tenant sets on a channel (provider base URLs, the Baileys proxy) goes through
 * the outbound address policy, when saved (4xx) and when a connection is opened (no packet sent).
 */

const PRIVATE_HOSTS = ['127.0.0.1', '10.1.2.3', '169.254.169.254', '[::1]', 'localhost'];

/** A TCP server that records the connections it receives (a proxy or gateway on the private network). */
async function recordingServer(): Promise<{ server: Server; port: number; connections: Socket[] }> {
  const connections: Socket[] = [];
  const server = createServer((socket) => {
    connections.push(socket);
    socket.on('error', () => undefined);
    socket.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, connections };
}

describe('saving a channel (OUTBOUND_ALLOW_PRIVATE_NETWORKS unset)', () => {
  let server: TestServer;
  let api: Api;
  let t: InboxTenant;
  beforeAll(async () => {
    server = await startTestServer();
    api = new Api(server.url);
    t = await buildInboxTenant(server);
  });
  afterAll(async () => {
    closeAllSockets();
    await server?.close();
  });

  const create = (type: string, settings: Record<string, unknown>) =>
    api.post('/whatsapp', { name: `${type} privado`, type, settings }, { token: t.admin.token });

  it('refuses a Baileys proxy on a private, loopback or metadata address, or a name that resolves to one, with 400 naming the field', async () => {
    const before = (await api.get('/whatsapp', { token: t.admin.token })).body.length;
    for (const host of PRIVATE_HOSTS) {
      for (const useProxy of ['true', 'false']) {
        const response = await create('baileys', { useProxy, proxyUrl: `http://${host}:3128` });
        expect(response.status, `${host} ${JSON.stringify(response.body)}`).toBe(400);
        expect(response.body.error).toBe('ERR_VALIDATION');
        expect(response.body.fields['settings.proxyUrl'][0]).toMatch(/^Address not allowed: private network/);
      }
    }
    expect((await create('baileys', { useProxy: 'true', proxyUrl: 'socks5://127.0.0.1:1080' })).status).toBe(400);
    expect((await api.get('/whatsapp', { token: t.admin.token })).body).toHaveLength(before);
  });

  it('refuses private base URLs of every provider', async () => {
    const cases: Array<[string, Record<string, unknown>]> = [
      ['evolution', { baseUrl: 'http://127.0.0.1:8080', apiKey: 'key-123' }],
      ['meow', { baseUrl: 'http://10.0.0.7:8080', token: 'user-token' }],
      [
        'waba',
        {
          baseUrl: 'http://169.254.169.254',
          phoneNumberId: '123456',
          businessAccountId: '456789',
          token: 'EAAG-token-1234',
          appSecret: 'app-secret-1',
          verifyToken: 'verify-token-1',
        },
      ],
      ['telegram', { baseUrl: 'http://localhost:8081', token: '123456:ABCDEFGHIJKLMNOPQRSTUVWX' }],
      ['hub', { baseUrl: 'http://[::1]:9000', token: 'hub-token', hubChannelId: 'x', hubChannelType: 'whatsapp' }],
    ];
    for (const [type, settings] of cases) {
      const response = await create(type, settings);
      expect(response.status, `${type} ${JSON.stringify(response.body)}`).toBe(400);
      expect(response.body.fields, `${type} ${JSON.stringify(response.body)}`).toMatchObject({
        'settings.baseUrl': [expect.stringMatching(/private network/)],
      });
    }
  });

  it('refuses an edit that points a stored channel at a private address, and keeps the stored one', async () => {
    const created = await create('evolution', { baseUrl: 'https://8.8.8.8', apiKey: 'key-123' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const edit = await api.put(
      `/whatsapp/${created.body.id}`,
      { settings: { baseUrl: 'http://127.0.0.1:8080' } },
      { token: t.admin.token },
    );
    expect(edit.status).toBe(400);
    expect(edit.body.fields['settings.baseUrl'][0]).toMatch(/private network/);
    expect((await api.get(`/whatsapp/${created.body.id}`, { token: t.admin.token })).body.settings.baseUrl).toBe('https://8.8.8.8');
  });
});

describe('saving a channel with OUTBOUND_ALLOW_PRIVATE_NETWORKS=true', () => {
  let server: TestServer;
  let api: Api;
  let t: InboxTenant;
  beforeAll(async () => {
    server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
    api = new Api(server.url);
    t = await buildInboxTenant(server);
  });
  afterAll(async () => {
    closeAllSockets();
    await server?.close();
  });

  it('accepts a gateway on the private network', async () => {
    const gateway = await recordingServer();
    try {
      const created = await api.post(
        '/whatsapp',
        { name: 'Evolution na LAN', type: 'evolution', settings: { baseUrl: `http://127.0.0.1:${gateway.port}`, apiKey: 'key-123' } },
        { token: t.admin.token },
      );
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      // The start reached the gateway: private addresses are allowed here.
      expect(gateway.connections.length).toBeGreaterThan(0);
    } finally {
      gateway.server.close();
    }
  });
});

describe('connecting through a Baileys proxy', () => {
  const blocking = createOutboundPolicy({ allowPrivateNetworks: false });
  const allowing = createOutboundPolicy({ allowPrivateNetworks: true });
  let proxy: Awaited<ReturnType<typeof recordingServer>>;
  beforeAll(async () => {
    proxy = await recordingServer();
  });
  afterAll(() => proxy.server.close());

  const settings = (proxyUrl: string) => baileysSettingsOf({ useProxy: 'true', proxyUrl, proxyUser: 'u', proxyPassword: 'p' });

  /** An HTTPS request to WhatsApp through the proxy agent: its error, or undefined once the proxy answered. */
  const throughAgent = (agent: unknown) =>
    new Promise<Error | undefined>((resolve) => {
      const req = httpsRequest('https://web.whatsapp.com/ws/chat', { agent: agent as never, timeout: 5_000 }, () => resolve(undefined));
      req.on('error', (error) => resolve(error));
      req.end();
    });

  it('refuses a proxy host that resolves to a private address when the socket connects: the proxy receives nothing', async () => {
    // socks5h: the proxy resolves WhatsApp's name (socks5 would resolve it here first, and this machine has no internet).
    for (const scheme of ['http', 'socks5h']) {
      const { agent } = proxyOf(settings(`${scheme}://localhost:${proxy.port}`), blocking);
      const error = await throughAgent(agent);
      expect(error?.message, scheme).toMatch(/not a public address/);
    }
    const { dispatcher } = proxyOf(settings(`http://localhost:${proxy.port}`), blocking);
    const media = await undiciFetch('https://mmg.whatsapp.net/file', { dispatcher }).then(
      () => undefined,
      (error: Error & { cause?: Error }) => error.cause ?? error,
    );
    expect(media?.message).toMatch(/not a public address/);
    expect(proxy.connections).toHaveLength(0);

    // A literal private address is refused before any socket is made.
    expect(() => proxyOf(settings(`http://127.0.0.1:${proxy.port}`), blocking)).toThrow(OutboundBlockedError);
    expect(() => proxyOf(settings('http://[::1]:3128'), blocking)).toThrow(OutboundBlockedError);
    expect(proxy.connections).toHaveLength(0);

    // The same agent under a policy that allows private networks does reach the proxy (the test can see a connection).
    await throughAgent(proxyOf(settings(`http://localhost:${proxy.port}`), allowing).agent);
    expect(proxy.connections.length).toBeGreaterThan(0);
  });
});
