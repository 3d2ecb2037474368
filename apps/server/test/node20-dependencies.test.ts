import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';

/**
 * The root package.json overrides two dependencies whose latest majors require Node 22
 * (content-disposition 3 under @fastify/static, cookie 2 under light-my-request) with the previous
 * majors, which support Node 20 and export the same functions. These are the code paths that use them.
 */
let server: TestServer;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'conversa-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Conversa</title>');
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log("app");');
  server = await startTestServer(
    {},
    {
      webDist,
      configure: (app) => {
        app.get('/test/download', { config: { auth: 'public' } }, (_request, reply) =>
          reply.download('index.html', 'relatório de março.html'),
        );
        app.get('/test/cookies', { config: { auth: 'public' } }, async (request) => ({ cookie: request.headers.cookie ?? null }));
      },
    },
  );
});

afterAll(async () => {
  await server?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('dependencies pinned for Node 20', () => {
  it('@fastify/static serves the web app and its assets', async () => {
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('<title>Conversa</title>');
    const asset = await fetch(`${server.url}/assets/app.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
  });

  it('serves a build written after the server started (a deploy beside a running server), and answers 404 with the error code for what is no file', async () => {
    writeFileSync(join(webDist, 'assets', 'app-new.js'), 'console.log("new");');
    const asset = await fetch(`${server.url}/assets/app-new.js`);
    expect(asset.status).toBe(200);
    expect(await asset.text()).toBe('console.log("new");');
    const missing = await fetch(`${server.url}/assets/nothing.js`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: string }).error).toBe('ERR_ROUTE_NOT_FOUND');
    const unknownRoute = await fetch(`${server.url}/no-such-route`, { method: 'POST' });
    expect(unknownRoute.status).toBe(404);
  });

  it("@fastify/static's download sets Content-Disposition through content-disposition (non-ASCII name in filename*)", async () => {
    const answer = await fetch(`${server.url}/test/download`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="relat?rio de mar?o.html"; filename*=UTF-8''relat%C3%B3rio%20de%20mar%C3%A7o.html`,
    );
    expect(await answer.text()).toContain('<title>Conversa</title>');
  });

  it("light-my-request's inject (used by app.inject) encodes request cookies through cookie", async () => {
    const answer = await server.app.inject({ method: 'GET', url: '/test/cookies', cookies: { session: 'a b/c;d', plain: 'abc' } });
    expect(answer.statusCode).toBe(200);
    const { cookie } = answer.json<{ cookie: string }>();
    const pairs = Object.fromEntries(cookie.split('; ').map((pair) => pair.split('=').map(decodeURIComponent)));
    expect(pairs).toEqual({ session: 'a b/c;d', plain: 'abc' });
  });
});
