import type { LoginResponse } from '@conversa/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HTTP_TIMEOUT_MS, LOGIN_REDIRECT_DELAY_MS } from './constants';
import { ApiError } from './errors';
import { http } from './http';
import { changeLocale } from './i18n';
import { registerNavigator } from './navigation';
import { notifyWarning } from './notify';
import { getSession, getToken, saveLogin } from './session';

vi.mock('./notify', () => ({ notifyWarning: vi.fn(), notifyError: vi.fn(), notifySuccess: vi.fn(), notifyApiError: vi.fn() }));

/** SPEC §7: the client's handling of answers (timeout, 401, 403 refresh, 500). */

const login: LoginResponse = {
  token: 'access-1',
  refreshToken: 'never-stored',
  username: 'Ana',
  profile: 'user',
  userId: 7,
  tenantId: 3,
  email: 'ana@example.com',
  queues: [],
  blockWavoip: false,
  whatsappAllowed: true,
  configs: { filtrosAtendimento: null, isDark: false, language: null, notificationSound: true },
};

interface Call {
  url: string;
  init: RequestInit;
}
let calls: Call[];
let navigate: ReturnType<typeof vi.fn<(path: string, options?: { replace?: boolean }) => void>>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const authOf = (call: Call) => new Headers(call.init.headers).get('authorization');
const refreshCalls = () => calls.filter((c) => c.url.endsWith('/auth/refresh_token'));

/** A server: the refresh route answers `refresh()`, every other path `answer(call)`. */
function serve(answer: (call: Call) => Response | Promise<Response>, refresh: () => Response = () => json(200, { token: 'access-2' })) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const call = { url, init };
      calls.push(call);
      return Promise.resolve(url.endsWith('/auth/refresh_token') ? refresh() : answer(call));
    }),
  );
}

beforeEach(() => {
  calls = [];
  navigate = vi.fn<(path: string, options?: { replace?: boolean }) => void>();
  registerNavigator(navigate);
  saveLogin(login);
  vi.mocked(notifyWarning).mockClear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the language', () => {
  it("tells the server the app's current language on every call (it words its own texts in it)", async () => {
    serve(() => json(200, { ok: true }));
    const languageOf = (call: Call) => new Headers(call.init.headers).get('accept-language');
    try {
      await http.get('/notifications');
      await changeLocale('es-419');
      await http.post('/push/subscriptions', { endpoint: 'x' });
      await changeLocale('de');
      await http.upload('/files', new FormData());
      expect(calls.map(languageOf)).toEqual(['pt', 'es-419', 'de']);
    } finally {
      await changeLocale('pt');
    }
  });
});

describe('401', () => {
  it('clears the stored session, warns, and goes to login after 2 s', async () => {
    vi.useFakeTimers();
    serve(() => json(401, { error: 'ERR_INVALID_TOKEN', message: 'Token inválido.' }));
    const failure = await http.get('/tickets').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).handled).toBe(true);
    expect(getSession()).toBeNull();
    expect(notifyWarning).toHaveBeenCalledWith('Token inválido. Redirecionando para a página de login.', 'session-lost');
    vi.advanceTimersByTime(LOGIN_REDIRECT_DELAY_MS - 1);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('on logout only clears the session: no warning, no redirect', async () => {
    vi.useFakeTimers();
    serve(() => json(401, { error: 'ERR_INVALID_TOKEN', message: '' }));
    await expect(http.post('/auth/logout/')).rejects.toBeInstanceOf(ApiError);
    expect(getSession()).toBeNull();
    vi.advanceTimersByTime(LOGIN_REDIRECT_DELAY_MS * 2);
    expect(notifyWarning).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('403 ERR_SESSION_EXPIRED', () => {
  const expiredUnless = (token: string) => (call: Call) =>
    authOf(call) === `Bearer ${token}` ? json(200, { ok: true }) : json(403, { error: 'ERR_SESSION_EXPIRED', message: '' });

  it('refreshes once through the cookie (no body, the app header), stores the new token, and retries', async () => {
    serve(expiredUnless('access-2'));
    await expect(http.get('/tickets')).resolves.toEqual({ ok: true });
    const [refresh] = refreshCalls();
    expect(refreshCalls()).toHaveLength(1);
    expect(refresh.init.method).toBe('POST');
    expect(refresh.init.body).toBeUndefined();
    expect(refresh.init.credentials).toBe('same-origin');
    expect(new Headers(refresh.init.headers).get('x-requested-with')).toBe('conversa');
    expect(getToken()).toBe('access-2');
    expect(localStorage.getItem('refreshToken')).toBeNull();
    const tickets = calls.filter((c) => c.url.endsWith('/tickets'));
    expect(tickets.map(authOf)).toEqual(['Bearer access-1', 'Bearer access-2']);
  });

  it('concurrent expired calls share one refresh', async () => {
    serve(expiredUnless('access-2'));
    const answers = await Promise.all([http.get('/a'), http.get('/b'), http.put('/c', { x: 1 })]);
    expect(answers).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(refreshCalls()).toHaveLength(1);
  });

  it('a failed refresh ends the session (warning, login after 2 s) and retries nothing', async () => {
    vi.useFakeTimers();
    serve(expiredUnless('access-2'), () => json(401, { error: 'ERR_INVALID_TOKEN', message: '' }));
    await expect(http.get('/tickets')).rejects.toMatchObject({ status: 403, code: 'ERR_SESSION_EXPIRED', handled: true });
    expect(calls.filter((c) => c.url.endsWith('/tickets'))).toHaveLength(1);
    expect(getSession()).toBeNull();
    expect(notifyWarning).toHaveBeenCalledWith('A sessão expirou, você será redirecionado para o login.', 'session-lost');
    vi.advanceTimersByTime(LOGIN_REDIRECT_DELAY_MS);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('a retried call that expires again is not refreshed a second time', async () => {
    serve(() => json(403, { error: 'ERR_SESSION_EXPIRED', message: '' }));
    await expect(http.get('/tickets')).rejects.toMatchObject({ code: 'ERR_SESSION_EXPIRED' });
    expect(refreshCalls()).toHaveLength(1);
  });

  it('another 403 (no permission) is an answer, not a lost session', async () => {
    serve(() => json(403, { error: 'ERR_NO_PERMISSION', message: 'no' }));
    await expect(http.get('/tenants/')).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION', handled: false });
    expect(refreshCalls()).toHaveLength(0);
    expect(getToken()).toBe('access-1');
  });
});

describe('500 and timeout', () => {
  it('a 500 shows a warning with the translated error', async () => {
    serve(() => json(500, { error: 'ERR_INTERNAL', message: 'boom' }));
    await expect(http.get('/tickets')).rejects.toMatchObject({ status: 500, handled: true });
    expect(notifyWarning).toHaveBeenCalledWith('Ocorreu um erro não identificado.', 'http-ERR_INTERNAL');
    expect(getToken()).toBe('access-1');
  });

  it('gives up after 20 s with ERR_TIMEOUT', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    const pending = http.get('/slow').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS - 1);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ status: 0, code: 'ERR_TIMEOUT' });
  });
});
