import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { ROOT_EMAIL } from '../../../test/env.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { eventually } from '../../../test/inbox.js';

interface LogLine {
  level: number;
  msg?: string;
  req?: { url?: string };
  res?: { statusCode?: number };
}

const MARKER = 'test marker: every earlier request has been answered';
const isRequestLine = (line: LogLine) => line.msg === 'incoming request' || line.msg === 'request completed';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/**
 * A server whose logger writes every JSON line into `lines`, with a route that logs MARKER: the
 * requests made before it have been answered when it is logged.
 */
async function serverLogging(env: Record<string, string>): Promise<{ api: Api; lines: LogLine[] }> {
  const lines: LogLine[] = [];
  const logger = pino({ level: env.LOG_LEVEL ?? 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
  server = await startTestServer(env, {
    logger,
    configure: (app) => {
      app.get('/test/marker', { config: { auth: 'public' } }, async (request) => {
        request.log.info(MARKER);
        return { ok: true };
      });
    },
  });
  return { api: new Api(server.url), lines };
}

/** A few requests, one after the other, then the marker. */
async function browse(api: Api, lines: LogLine[]): Promise<LogLine[]> {
  expect((await api.get('/health')).status).toBe(200);
  expect((await api.get('/docs/json')).status).toBe(200);
  expect((await api.post('/auth/login/', { email: ROOT_EMAIL, password: 'wrong-Pass-1!' })).status).toBe(401);
  expect((await api.get('/no/such/route')).status).toBe(404);
  expect((await api.get('/test/marker')).status).toBe(200);
  await eventually(async () => lines.some((line) => line.msg === MARKER), { what: 'the marker line' });
  return lines.slice(
    0,
    lines.findIndex((line) => line.msg === MARKER),
  );
}

describe('request logging (first run: the admin password box stays in sight)', () => {
  it('in production, every request is logged at info: both lines are written before the next request is handled', async () => {
    const { api, lines } = await serverLogging({ NODE_ENV: 'production', LOG_LEVEL: 'info' });
    const before = await browse(api, lines);
    const completed = before.filter((line) => line.msg === 'request completed').map((line) => line.res?.statusCode);
    expect(completed).toEqual([200, 200, 401, 404]);
    // The four requests and the marker's own request.
    expect(before.filter((line) => line.msg === 'incoming request').map((line) => line.req?.url)).toEqual([
      '/health',
      '/docs/json',
      '/auth/login/',
      '/no/such/route',
      '/test/marker',
    ]);
    expect(before.filter(isRequestLine).every((line) => line.level === 30)).toBe(true);
  });

  it('in development at info, no request line is written', async () => {
    const { api, lines } = await serverLogging({ NODE_ENV: 'development', LOG_LEVEL: 'info' });
    const before = await browse(api, lines);
    expect(before.filter(isRequestLine)).toEqual([]);
    // The server does log at info (its own lines and the marker), just not one line per request.
    expect(lines.some((line) => line.msg === MARKER && line.level === 30)).toBe(true);
  });

  it('in development with LOG_LEVEL=debug, every request is logged again', async () => {
    const { api, lines } = await serverLogging({ NODE_ENV: 'development', LOG_LEVEL: 'debug' });
    const before = await browse(api, lines);
    expect(before.filter((line) => line.msg === 'request completed')).toHaveLength(4);
  });
});
