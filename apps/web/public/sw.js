/* global self */
/*
 * Conversa's service worker (SPEC §7; issue 15 web push). It shows the pushes the server sends for
 * new customer messages and mentions while no Conversa tab is connected (the payload: kind,
 * ticketId, title, body, url, tag — one notification per ticket, a repeated push replaces it), and
 * opens or focuses Conversa on the ticket when the notification is clicked. No caching: the app
 * always loads from the server (a new version is noticed by the page, lib/app-updates.ts).
 */
self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

let iconPromise;
/** The installed app's icon (the manifest's, white-label icons included). */
function appIcon() {
  iconPromise ??= fetch('/manifest.webmanifest')
    .then((response) => (response.ok ? response.json() : {}))
    .then((manifest) => (Array.isArray(manifest.icons) && manifest.icons[0] ? manifest.icons[0].src : undefined))
    .catch(() => undefined);
  return iconPromise;
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    appIcon().then((icon) =>
      self.registration.showNotification(data.title || 'Conversa', {
        body: data.body || '',
        tag: data.tag,
        renotify: Boolean(data.tag),
        icon,
        data: { url: data.url || '/' },
      }),
    ),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      for (const client of windows) {
        if (new URL(client.url).origin !== self.location.origin) continue;
        await client.focus();
        if ('navigate' in client) await client.navigate(url);
        return;
      }
      await self.clients.openWindow(url);
    }),
  );
});
