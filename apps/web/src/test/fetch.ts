import { vi } from 'vitest';

/** Answers the app's HTTP calls by path (method + path, e.g. 'GET /plans/public'); anything else fails the test. */
export function mockApi(routes: Record<string, unknown>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input, 'http://localhost');
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`;
    if (!(key in routes)) throw new Error(`unexpected call ${key}`);
    return new Response(JSON.stringify(routes[key]), { status: 200, headers: { 'content-type': 'application/json' } });
  });
}
