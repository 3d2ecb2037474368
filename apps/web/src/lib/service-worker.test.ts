/**
 * The service worker's logic (public/sw-handlers.js, loaded by public/sw.js with importScripts), run
 * as the browser runs it — a classic script given the worker's global — against fake worker globals:
 * push notifications, notification clicks and pushsubscriptionchange (subscribe again, have the
 * server replace the old endpoint; otherwise ask the open pages to).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInThisContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { PUSH_RESUBSCRIBE_MESSAGE } from './web-push';

const SOURCE = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../public/sw-handlers.js'), 'utf8');
const ORIGIN = 'https://conversa.example';

interface FakeWindow {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
  postMessage: ReturnType<typeof vi.fn>;
}

function fakeWorker(options: { windows?: string[]; renewStatus?: number; icon?: string } = {}) {
  const windows: FakeWindow[] = (options.windows ?? []).map((url) => ({
    url,
    focus: vi.fn(async () => undefined),
    navigate: vi.fn(async () => undefined),
    postMessage: vi.fn(),
  }));
  const requests: { url: string; init?: RequestInit; body?: any }[] = [];
  const fresh = {
    endpoint: 'https://push.example/new-endpoint',
    toJSON: () => ({ endpoint: 'https://push.example/new-endpoint', expirationTime: null, keys: { p256dh: 'NEW-P256', auth: 'NEW-AUTH' } }),
  };
  const scope = {
    location: { origin: ORIGIN },
    fetch: vi.fn(async (url: string, init?: RequestInit) => {
      requests.push({ url, init, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
      if (url === '/manifest.webmanifest') return new Response(JSON.stringify({ icons: options.icon ? [{ src: options.icon }] : [] }));
      return new Response(null, { status: options.renewStatus ?? 204 });
    }),
    registration: {
      showNotification: vi.fn(async () => undefined),
      pushManager: { subscribe: vi.fn(async () => fresh) },
    },
    clients: {
      matchAll: vi.fn(async () => windows),
      openWindow: vi.fn(async () => undefined),
    },
  };
  const workerGlobal: { createConversaServiceWorker?: (s: typeof scope) => any } = {};
  // As importScripts does: the file runs as a classic script, its `self` the worker's global.
  (runInThisContext(`(function (self) {\n${SOURCE}\n})`, { filename: 'sw-handlers.js' }) as (target: typeof workerGlobal) => void)(
    workerGlobal,
  );
  const worker = workerGlobal.createConversaServiceWorker!(scope);
  return { worker, scope, windows, requests, fresh };
}

const pushData = (payload: unknown) => ({
  json: () => (typeof payload === 'string' ? JSON.parse(payload) : payload),
  text: () => (typeof payload === 'string' ? payload : JSON.stringify(payload)),
});

const oldSubscription = (key: ArrayBuffer | null = new Uint8Array([4, 1, 2, 3]).buffer) => ({
  endpoint: 'https://push.example/old-endpoint',
  options: { applicationServerKey: key },
  toJSON: () => ({ endpoint: 'https://push.example/old-endpoint', keys: { p256dh: 'OLD-P256', auth: 'OLD-AUTH' } }),
});

describe('push', () => {
  it("shows the push as a notification, one per ticket (tag), with the manifest's icon and the ticket's address", async () => {
    const { worker, scope } = fakeWorker({ icon: '/branding/files/icon-192.png' });
    await worker.push({
      data: pushData({ kind: 'message', ticketId: 7, title: 'Ana', body: 'oi', url: '/#/atendimento/7', tag: 'ticket-7' }),
    });
    expect(scope.registration.showNotification).toHaveBeenCalledWith('Ana', {
      body: 'oi',
      tag: 'ticket-7',
      renotify: true,
      icon: '/branding/files/icon-192.png',
      data: { url: '/#/atendimento/7' },
    });
  });

  it('shows a payload that is not JSON as its text, under the app name', async () => {
    const { worker, scope } = fakeWorker();
    await worker.push({ data: pushData('texto solto') });
    expect(scope.registration.showNotification).toHaveBeenCalledWith(
      'Conversa',
      expect.objectContaining({ body: 'texto solto', renotify: false, data: { url: '/' } }),
    );
  });
});

describe('notificationclick', () => {
  it('focuses an open Conversa window and takes it to the ticket (never a window of another site)', async () => {
    const { worker, scope, windows } = fakeWorker({ windows: ['https://other.example/', `${ORIGIN}/#/atendimento`] });
    const close = vi.fn();
    await worker.notificationClick({ notification: { close, data: { url: '/#/atendimento/7' } } });
    expect(close).toHaveBeenCalled();
    expect(windows[0].focus).not.toHaveBeenCalled();
    expect(windows[1].focus).toHaveBeenCalled();
    expect(windows[1].navigate).toHaveBeenCalledWith(`${ORIGIN}/#/atendimento/7`);
    expect(scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it('opens a window on the ticket when none is open', async () => {
    const { worker, scope } = fakeWorker();
    await worker.notificationClick({ notification: { close: vi.fn(), data: { url: '/#/atendimento/9' } } });
    expect(scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/#/atendimento/9`);
  });
});

describe('pushsubscriptionchange', () => {
  it("subscribes again with the old subscription's server key and has the server replace the old endpoint", async () => {
    const { worker, scope, requests, windows } = fakeWorker({ windows: [`${ORIGIN}/`] });
    const old = oldSubscription();
    await worker.pushSubscriptionChange({ oldSubscription: old, newSubscription: null });
    expect(scope.registration.pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: old.options.applicationServerKey,
    });
    const renew = requests.find((r) => r.url === '/push/subscriptions/renew');
    expect(renew?.init?.method).toBe('POST');
    expect(renew?.body).toEqual({
      oldEndpoint: 'https://push.example/old-endpoint',
      oldAuth: 'OLD-AUTH',
      subscription: { endpoint: 'https://push.example/new-endpoint', expirationTime: null, keys: { p256dh: 'NEW-P256', auth: 'NEW-AUTH' } },
    });
    // Told the server itself: the pages are not asked.
    expect(windows[0].postMessage).not.toHaveBeenCalled();
  });

  it('uses the subscription the browser already made (newSubscription) without subscribing again', async () => {
    const { worker, scope, requests, fresh } = fakeWorker();
    await worker.pushSubscriptionChange({ oldSubscription: oldSubscription(), newSubscription: fresh });
    expect(scope.registration.pushManager.subscribe).not.toHaveBeenCalled();
    expect(requests.find((r) => r.url === '/push/subscriptions/renew')?.body.subscription.endpoint).toBe(fresh.endpoint);
  });

  it('asks the open pages to subscribe again when it cannot renew itself: no old subscription, no server key, or the server refuses', async () => {
    for (const [event, renewStatus] of [
      [{ oldSubscription: null, newSubscription: null }, 204],
      [{ oldSubscription: oldSubscription(null), newSubscription: null }, 204],
      [{ oldSubscription: oldSubscription(), newSubscription: null }, 404],
    ] as const) {
      const { worker, windows, requests } = fakeWorker({ windows: [`${ORIGIN}/`, `${ORIGIN}/#/chat`], renewStatus });
      await worker.pushSubscriptionChange(event);
      for (const page of windows) expect(page.postMessage).toHaveBeenCalledWith({ type: PUSH_RESUBSCRIBE_MESSAGE });
      expect(requests.filter((r) => r.url === '/push/subscriptions/renew')).toHaveLength(renewStatus === 404 ? 1 : 0);
    }
  });
});
