import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';

/** A request the simulator received, kept so tests can assert the exact payload an adapter sent. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, unknown>;
  body: unknown;
  at: number;
  /** The answer's status code, once answered. */
  status?: number;
}

/** A fault to answer with instead of the normal behaviour (rate limits, provider errors, delays). */
export interface Fault {
  /** Only requests whose path matches. */
  path?: RegExp;
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** How many requests get it (default 1). */
  times?: number;
}

export interface SimServer {
  app: FastifyInstance;
  url: string;
  requests: RecordedRequest[];
  /** Queue a fault for the next matching request(s). */
  fail(fault: Fault): void;
  /** Delay every answer by this many ms (0 to stop). */
  delay(ms: number): void;
  close(): Promise<void>;
}

/**
 * The common skeleton of every simulator: a Fastify app on a local port that records requests
 * and can inject faults and latency before its provider-specific routes answer.
 */
export async function startSimServer(
  register: (app: FastifyInstance) => void | Promise<void>,
  options: { port?: number; host?: string } = {},
): Promise<SimServer> {
  const app = Fastify({ logger: false, bodyLimit: 32 * 1024 * 1024 });
  const requests: RecordedRequest[] = [];
  const faults: (Fault & { left: number })[] = [];
  let latency = 0;

  app.addContentTypeParser(
    ['application/octet-stream', 'image/*', 'audio/*', 'video/*', 'application/pdf'],
    { parseAs: 'buffer' },
    (_req, body, done) => done(null, body),
  );

  const recorded = new WeakMap<object, RecordedRequest>();
  app.addHook('preHandler', async (request, reply) => {
    const entry: RecordedRequest = {
      method: request.method,
      path: request.url.split('?')[0],
      headers: request.headers,
      query: request.query as Record<string, unknown>,
      body: request.body,
      at: Date.now(),
    };
    requests.push(entry);
    recorded.set(request, entry);
    if (latency) await new Promise((resolve) => setTimeout(resolve, latency));
    const index = faults.findIndex((f) => !f.path || f.path.test(request.url));
    if (index >= 0) {
      const fault = faults[index];
      if (--fault.left <= 0) faults.splice(index, 1);
      return reply
        .status(fault.status)
        .headers(fault.headers ?? {})
        .send(fault.body);
    }
  });
  app.addHook('onResponse', async (request, reply) => {
    const entry = recorded.get(request);
    if (entry) entry.status = reply.statusCode;
  });
  await register(app);
  await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    requests,
    fail: (fault) => faults.push({ ...fault, left: fault.times ?? 1 }),
    delay: (ms) => {
      latency = ms;
    },
    close: () => app.close(),
  };
}
