/**
 * This browser's push subscription (lib/web-push.ts): posted with the app's language, which the
 * server words this browser's pushes in, and posted again whenever the user changes language.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../test/fetch';
import { signInAs } from '../test/session';
import { changeLocale } from './i18n';
import { clearSession } from './session';
import { followLanguageForPush, syncPushSubscription } from './web-push';

const PUBLIC_KEY = 'BPQ0XyV2DcTNHX3Mj6E_1QwGAHeq0uGbjbTpLf6GOR8FjMmR9fAhqlWdMZeKhA7dV1cBV7MaiuXF7J9xVxTbp0s';
const BROWSER = {
  endpoint: 'https://push.example/browser-1',
  expirationTime: null,
  keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
};

/** A browser that allows notifications, with the app's service worker and a push subscription for the server's key. */
function pushCapableBrowser() {
  const key = Uint8Array.from(atob(PUBLIC_KEY.replace(/-/g, '+').replace(/_/g, '/') + '='), (c) => c.charCodeAt(0));
  const subscription = { ...BROWSER, options: { applicationServerKey: key.buffer }, toJSON: () => BROWSER, unsubscribe: vi.fn() };
  const registration = { pushManager: { getSubscription: vi.fn(async () => subscription), subscribe: vi.fn(async () => subscription) } };
  vi.stubGlobal('isSecureContext', true);
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission: 'granted' });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: vi.fn(async () => registration), addEventListener: vi.fn() },
  });
}

let stopFollowing: (() => void) | undefined;

beforeEach(() => {
  signInAs('user');
  pushCapableBrowser();
});
afterEach(async () => {
  stopFollowing?.();
  stopFollowing = undefined;
  await changeLocale('pt');
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.unstubAllGlobals();
  clearSession();
  localStorage.clear();
});

describe('the push subscription', () => {
  it("carries the app's language, told again on every language change (a regional one as its language)", async () => {
    const api = fakeApi({
      'GET /push/config': () => ({ body: { publicKey: PUBLIC_KEY } }),
      'POST /push/subscriptions': ({ body }) => ({
        status: 201,
        body: { id: 1, endpoint: BROWSER.endpoint, language: (body as any).language },
      }),
    });
    const posted = () => api.calls.filter((call) => call.method === 'POST').map((call) => call.body);

    await syncPushSubscription();
    expect(posted()).toEqual([{ ...BROWSER, language: 'pt' }]);

    stopFollowing = followLanguageForPush();
    await changeLocale('en');
    await vi.waitFor(() => expect(posted()).toHaveLength(2));
    expect(posted()[1]).toEqual({ ...BROWSER, language: 'en' });
    await changeLocale('es-419');
    await vi.waitFor(() => expect(posted()).toHaveLength(3));
    expect(posted()[2]).toEqual({ ...BROWSER, language: 'es' });

    // Signed out (the layout unmounted): a change is nobody's to tell. The syncs run one after
    // another, so once an explicit sync has posted, one the change started would have posted first.
    stopFollowing();
    await changeLocale('de');
    await syncPushSubscription();
    expect(posted()).toHaveLength(4);
    expect(posted()[3]).toEqual({ ...BROWSER, language: 'de' });
  });

  it('posts one language at a time, so the last change is the one the server keeps', async () => {
    // The server keeps the language of the post that reaches it last; the first post ('en') is held
    // on its way until the test releases it.
    let kept: string | undefined;
    let arrivals = 0;
    const api = fakeApi({
      'GET /push/config': () => ({ body: { publicKey: PUBLIC_KEY } }),
      'POST /push/subscriptions': ({ body }) => {
        kept = (body as { language: string }).language;
        arrivals += 1;
        return { status: 201, body: { id: 1, endpoint: BROWSER.endpoint } };
      },
    });
    let posts = 0;
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        if (init?.method === 'POST' && ++posts === 1) await held;
        return api.fetch(input, init);
      }),
    );
    const syncsStarted = () => vi.mocked(navigator.serviceWorker.getRegistration).mock.calls.length;
    stopFollowing = followLanguageForPush();
    await changeLocale('en');
    await vi.waitFor(() => expect(posts).toBe(1)); // 'en' is on its way, held
    await changeLocale('es');
    // A sync starts by asking for the service worker, at once when called: the change's sync has
    // not started, it waits for the one in progress (posted at once, 'es' would arrive first and
    // the held older 'en' would win).
    expect(syncsStarted()).toBe(1);
    release();
    await vi.waitFor(() => expect(arrivals).toBe(2));
    expect(kept).toBe('es');
  });

  it('tells nothing without the permission for notifications', async () => {
    vi.stubGlobal('Notification', { permission: 'default' });
    const api = fakeApi({});
    stopFollowing = followLanguageForPush();
    await syncPushSubscription();
    await changeLocale('fr');
    // Queued behind any sync the change started: once it is done, so is that one.
    await syncPushSubscription();
    expect(api.calls).toEqual([]);
  });
});
