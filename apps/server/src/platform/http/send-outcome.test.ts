/**
 * send-outcome.ts against real sockets: a local server that refuses, hangs, resets or cuts off, and
 * the SSRF-safe client (undici) of the adapters. What matters is whether the provider may have
 * received the request, so each server also records whether the request's body arrived.
 */
import { createServer as createNetServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createOutboundHttp } from './outbound-http.js';
import { isAmbiguousHttpAnswer, sendFailureKind, SendOutcomeUnknownError } from './send-outcome.js';

const BODY = JSON.stringify({ to: '5511900000000', text: { body: 'Olá' } });

interface RawServer {
  url: string;
  /** Requests whose whole body arrived. */
  received: number;
  server: Server;
}

const servers: Server[] = [];
const sockets = new Set<Socket>();
afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  sockets.clear();
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A TCP server; `onRequest` runs once a whole request (headers and BODY) arrived, `onConnect` at once. */
async function rawServer(handlers: { onConnect?: (socket: Socket) => void; onRequest?: (socket: Socket) => void }): Promise<RawServer> {
  const state = { received: 0 } as RawServer;
  const server = createNetServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    handlers.onConnect?.(socket);
    let data = '';
    socket.on('data', (chunk) => {
      data += chunk.toString('utf8');
      if (data.includes('\r\n\r\n') && data.endsWith(BODY)) {
        state.received++;
        data = '';
        handlers.onRequest?.(socket);
      }
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.server = server;
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
  return state;
}

const http = createOutboundHttp({ allowPrivateNetworks: true, timeoutMs: 1_500, connectTimeoutMs: 500 });

/** POSTs BODY; answers the error of the request (or of reading its answer). */
async function failure(url: string): Promise<unknown> {
  try {
    const response = await http(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: BODY });
    await response.text();
  } catch (error) {
    return error;
  }
  throw new Error('the request succeeded');
}

/** A port nothing listens on (a server bound, then closed). */
async function closedPort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('errors that prove the request never left: retried', () => {
  it('a refused connection', async () => {
    const error = await failure(`http://127.0.0.1:${await closedPort()}/send`);
    expect(sendFailureKind(error)).toBe('not-sent');
  });

  it('a host name that does not resolve', async () => {
    const error = await failure('http://no-such-provider.invalid/send');
    expect(sendFailureKind(error)).toBe('not-sent');
  });

  it('a connect (TLS handshake) that times out', async () => {
    // Accepts the TCP connection and never answers the TLS ClientHello.
    const server = await rawServer({});
    const error = await failure(server.url.replace('http:', 'https:'));
    expect((error as { cause?: { code?: string } }).cause?.code).toBe('UND_ERR_CONNECT_TIMEOUT');
    expect(sendFailureKind(error)).toBe('not-sent');
    expect(server.received).toBe(0);
  });

  it('a TLS handshake that fails', async () => {
    // Answers the ClientHello with plain HTTP: no TLS session, so no request.
    const server = await rawServer({ onConnect: (socket) => socket.write('HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n') });
    const error = await failure(server.url.replace('http:', 'https:'));
    expect(sendFailureKind(error)).toBe('not-sent');
    expect(server.received).toBe(0);
  });

  it('an address the outbound policy refuses', async () => {
    const strict = createOutboundHttp({ allowPrivateNetworks: false });
    const error = await strict('http://127.0.0.1:9/send', { method: 'POST', body: BODY }).catch((e: unknown) => e);
    expect(sendFailureKind(error)).toBe('not-sent');
  });
});

describe('errors after the request may have arrived: unknown, never retried blindly', () => {
  it('a connection reset once the request was written', async () => {
    const server = await rawServer({ onRequest: (socket) => socket.resetAndDestroy() });
    const error = await failure(server.url);
    expect(sendFailureKind(error)).toBe('unknown');
    expect(server.received).toBe(1);
  });

  it('a connection closed once the request was written, with no answer', async () => {
    const server = await rawServer({ onRequest: (socket) => socket.destroy() });
    const error = await failure(server.url);
    expect(sendFailureKind(error)).toBe('unknown');
    expect(server.received).toBe(1);
  });

  it('no answer in time', async () => {
    const server = await rawServer({ onRequest: () => undefined });
    const error = await failure(server.url);
    expect((error as Error).name).toBe('TimeoutError');
    expect(sendFailureKind(error)).toBe('unknown');
    expect(server.received).toBe(1);
  });

  it('an answer cut off in the middle', async () => {
    const server = await rawServer({
      onRequest: (socket) => {
        socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"messages":[{"id":');
        setImmediate(() => socket.destroy());
      },
    });
    const error = await failure(server.url);
    expect(sendFailureKind(error)).toBe('unknown');
    expect(server.received).toBe(1);
  });

  it('an adapter keeps the classification by passing the error as cause', async () => {
    const reset = await rawServer({ onRequest: (socket) => socket.resetAndDestroy() });
    const wrapped = new Error('WhatsApp Cloud API could not be reached (send)', { cause: await failure(reset.url) });
    expect(sendFailureKind(wrapped)).toBe('unknown');
    const refused = new Error('WhatsApp Cloud API could not be reached (send)', {
      cause: await failure(`http://127.0.0.1:${await closedPort()}/send`),
    });
    expect(sendFailureKind(refused)).toBe('not-sent');
  });
});

describe('answers', () => {
  it("a proxy's 500/502/504 without the provider's error is unknown; 503, 429 and the provider's own errors are answers", () => {
    expect(isAmbiguousHttpAnswer(502, false)).toBe(true);
    expect(isAmbiguousHttpAnswer(504, false)).toBe(true);
    expect(isAmbiguousHttpAnswer(500, false)).toBe(true);
    expect(isAmbiguousHttpAnswer(500, true)).toBe(false);
    expect(isAmbiguousHttpAnswer(503, false)).toBe(false);
    expect(isAmbiguousHttpAnswer(429, false)).toBe(false);
    expect(sendFailureKind(new SendOutcomeUnknownError('502 from the proxy'))).toBe('unknown');
    expect(sendFailureKind(new Error('Graph error 131000', { cause: new SendOutcomeUnknownError('x') }))).toBe('unknown');
  });

  it("a provider's refusal or throttling is an answer", () => {
    expect(sendFailureKind(new Error('WhatsApp Cloud API is busy or failing (send): rate limit [Graph error 130429]'))).toBe('answered');
    expect(sendFailureKind(undefined)).toBe('answered');
  });
});
