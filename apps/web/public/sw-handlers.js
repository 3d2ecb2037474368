/* global self */
/*
 * The service worker's logic (SPEC §7; issue 15 web push), apart from its wiring in sw.js, which
 * loads this file with importScripts. `createConversaServiceWorker(scope)` takes the worker's global
 * (self: registration, clients, location, fetch) and answers one handler per event, each returning
 * the promise the event waits for; src/lib/service-worker.test.ts runs this very file against fake
 * worker globals.
 */
self.createConversaServiceWorker = (scope) => {
  /** What the page listens for (lib/web-push.ts): subscribe again and tell the server, with its session. */
  const RESUBSCRIBE_MESSAGE = 'conversa:push-resubscribe';
  let iconPromise;

  /** The installed app's icon (the manifest's, white-label icons included). */
  const appIcon = () => {
    iconPromise ??= scope
      .fetch('/manifest.webmanifest')
      .then((response) => (response.ok ? response.json() : {}))
      .then((manifest) => (Array.isArray(manifest.icons) && manifest.icons[0] ? manifest.icons[0].src : undefined))
      .catch(() => undefined);
    return iconPromise;
  };

  /** The push's payload (kind, ticketId, title, body, url, tag); one that is not JSON is shown as text. */
  const payloadOf = (data) => {
    if (!data) return {};
    try {
      return data.json() ?? {};
    } catch {
      return { body: data.text() };
    }
  };

  /** A push: one notification per ticket (its tag); a repeated push replaces it and rings again. */
  const push = async (event) => {
    const data = payloadOf(event.data);
    const icon = await appIcon();
    await scope.registration.showNotification(data.title || 'Conversa', {
      body: data.body || '',
      tag: data.tag,
      renotify: Boolean(data.tag),
      icon,
      data: { url: data.url || '/' },
    });
  };

  /** A click: focus a Conversa window and take it to the ticket, or open one there. */
  const notificationClick = async (event) => {
    event.notification.close();
    const url = new URL(event.notification.data?.url || '/', scope.location.origin).href;
    const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
    for (const client of windows) {
      if (new URL(client.url).origin !== scope.location.origin) continue;
      await client.focus();
      if ('navigate' in client) await client.navigate(url);
      return;
    }
    await scope.clients.openWindow(url);
  };

  /** Open pages subscribe again themselves (they know the server key and hold the session). */
  const tellPages = async () => {
    const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
    for (const client of windows) client.postMessage({ type: RESUBSCRIBE_MESSAGE });
  };

  /** Subscribes again with the old subscription's server key, and has the server replace the old endpoint. */
  const renew = async (old, oldAuth, given) => {
    const key = old.options?.applicationServerKey;
    const subscription =
      given ?? (key ? await scope.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }) : null);
    if (!subscription) return false;
    const response = await scope.fetch('/push/subscriptions/renew', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ oldEndpoint: old.endpoint, oldAuth, subscription: subscription.toJSON() }),
    });
    return response.ok;
  };

  /**
   * The push service replaced this browser's subscription (expired, keys rotated): subscribe again
   * with the same server key (unless the browser did: `newSubscription`) and tell the server to
   * replace the old endpoint (POST /push/subscriptions/renew, proven by the old endpoint and its
   * auth secret: the worker has no session). Without the old subscription, or when that fails, the
   * open pages re-subscribe with their session; with none open, the next page load does.
   */
  const pushSubscriptionChange = async (event) => {
    const old = event.oldSubscription ?? null;
    const oldAuth = old?.toJSON?.().keys?.auth;
    const renewed = old && oldAuth ? await renew(old, oldAuth, event.newSubscription ?? null).catch(() => false) : false;
    if (!renewed) await tellPages();
  };

  return { RESUBSCRIBE_MESSAGE, push, notificationClick, pushSubscriptionChange };
};
