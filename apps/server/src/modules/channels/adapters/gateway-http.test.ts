import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { createOutboundHttp } from '../../../platform/http/outbound-http.js';
import { callGateway, GatewayUnavailableError, type Gateway } from './gateway-http.js';

/** A gateway as the Evolution, WuzAPI and NotificaMe clients declare theirs. */
class TestUnavailableError extends GatewayUnavailableError {
  static override readonly gateway = 'Test Gateway';
  override readonly name = 'TestUnavailableError';
}
const failures: { operation: string; status: number; body: unknown }[] = [];
const TEST_GATEWAY: Gateway<'session' | 'send'> = {
  Unavailable: TestUnavailableError,
  failure: (operation, status, body) => {
    failures.push({ operation, status, body });
    return new AppError('ERR_SENDING_WAPP_MSG', `refused ${status}`);
  },
  textBody: (text) => ({ text }),
};

/** The context's outbound HTTP, as the clients use it (this gateway listens on 127.0.0.1). */
const ctx = { http: createOutboundHttp({ allowPrivateNetworks: true }) } as unknown as AppContext;
const seen: { method?: string; url?: string; headers: IncomingMessage['headers']; body: string }[] = [];
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      if (req.url === '/ok') res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"abc"}');
      else if (req.url === '/odd') res.writeHead(200, { 'content-type': 'application/json' }).end('{"unexpected":true}');
      else if (req.url === '/busy') res.writeHead(503).end('upstream busy');
      else res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const answer = z.object({ id: z.string() });
const call = (operation: 'session' | 'send', path: string, base = baseUrl, body?: unknown) =>
  callGateway(ctx, TEST_GATEWAY, operation, { method: 'POST', baseUrl: base, path, headers: { apikey: 'k-1' }, body }, answer);

/** A port nothing listens on: the request is refused before it leaves. */
async function closedPort(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describe('callGateway (the Evolution, WuzAPI and NotificaMe clients)', () => {
  it('sends JSON with the gateway header and answers the 2xx body as its schema reads it', async () => {
    await expect(call('send', '/ok', baseUrl, { number: '5511999990001' })).resolves.toEqual({ id: 'abc' });
    const request = seen.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', url: '/ok', body: '{"number":"5511999990001"}' });
    expect(request.headers).toMatchObject({ apikey: 'k-1', accept: 'application/json', 'content-type': 'application/json' });
  });

  it('refuses a 2xx without the expected body: a failed send, or a failed start', async () => {
    await expect(call('send', '/odd')).rejects.toMatchObject({
      code: 'ERR_SENDING_WAPP_MSG',
      message: 'Unexpected answer from Test Gateway to /odd.',
    });
    await expect(call('session', '/odd')).rejects.toMatchObject({ code: 'ERR_WAPP_NOT_INITIALIZED' });
  });

  it("hands a non-2xx answer to the gateway's normaliser, a body that is not JSON as its textBody made it", async () => {
    failures.length = 0;
    await expect(call('send', '/busy')).rejects.toMatchObject({ message: 'refused 503' });
    expect(failures).toEqual([{ operation: 'send', status: 503, body: { text: 'upstream busy' } }]);
  });

  it("makes an unreachable gateway the gateway's retryable error on a send (with the network error), a failed start otherwise", async () => {
    const closed = await closedPort();
    const sent = await call('send', '/ok', closed).catch((error: unknown) => error);
    expect(sent).toBeInstanceOf(TestUnavailableError);
    expect(sent).toMatchObject({ name: 'TestUnavailableError', status: 0 });
    expect((sent as Error).message).toMatch(/^Test Gateway answered 0: /);
    expect((sent as Error).cause).toBeInstanceOf(Error);
    await expect(call('session', '/ok', closed)).rejects.toMatchObject({
      code: 'ERR_WAPP_NOT_INITIALIZED',
      message: expect.stringMatching(/^Test Gateway could not be reached: /),
    });
  });
});
