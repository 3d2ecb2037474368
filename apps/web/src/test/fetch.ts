import { colorObjectsOf, DEFAULT_PALETTE, type Branding } from '@conversa/shared';
import { vi } from 'vitest';

/** GET /branding when a test does not answer it: nothing customised. */
export const DEFAULT_BRANDING: Branding = {
  appName: 'Conversa',
  logoUrl: null,
  faviconUrl: null,
  iconUrls: null,
  backgroundUrl: null,
  systemColors: colorObjectsOf(DEFAULT_PALETTE),
};

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  /** Parsed JSON, or the FormData of an upload. */
  body: unknown;
}

type Handler = (call: ApiCall) => { status?: number; body: unknown } | undefined;

/** Answers that carry no body: a Response of one of these statuses must be built without one. */
const BODYLESS_STATUSES = new Set([204, 205, 304]);

/**
 * Replaces fetch with handlers keyed by "METHOD /path" (the first whose key matches answers);
 * an unhandled call fails the test with 599 (except GET /contact-variables: an empty list, and GET /branding: Conversa's own; neither recorded). Every other call is recorded.
 */
export function fakeApi(handlers: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input, 'http://app.test');
    const call: ApiCall = {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body instanceof FormData ? init.body : undefined,
    };
    const key = Object.keys(handlers).find((k) => {
      const [method, pattern] = k.split(' ');
      return method === call.method && new RegExp(`^${pattern.replace(/:[a-z]+/gi, '[^/]+')}$`).test(call.path);
    });
    // The signed-in layout and every template text read the tenant's contact variables: none unless a
    // test says so (that default answer is not recorded).
    if (!key && call.method === 'GET' && call.path === '/contact-variables') {
      return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
    }
    // The signed-in layout reads the company's white-label branding: Conversa's own unless a test says so.
    if (!key && call.method === 'GET' && call.path === '/branding') {
      return new Response(JSON.stringify(DEFAULT_BRANDING), { status: 200, headers: { 'content-type': 'application/json' } });
    }
    calls.push(call);
    const answer = key ? handlers[key](call) : undefined;
    const status = answer ? (answer.status ?? 200) : 599;
    const body = answer ? answer.body : { error: 'ERR_TEST_UNHANDLED', message: `${call.method} ${call.path}` };
    // (The Response constructor refuses a body there: the fetch would fail instead of answering.)
    if (BODYLESS_STATUSES.has(status)) return new Response(null, { status });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetch: fetchMock };
}

/** Fixed 200 answers by "METHOD /path" (e.g. 'GET /plans/public'); anything else fails the test. */
export function mockApi(routes: Record<string, unknown>) {
  return fakeApi(Object.fromEntries(Object.entries(routes).map(([key, body]) => [key, () => ({ body })]))).fetch;
}
