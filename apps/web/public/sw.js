/* global self, importScripts */
/*
 * Conversa's service worker (SPEC §7; issue 15 web push). It shows the pushes the server sends for
 * new customer messages and mentions while no Conversa tab is connected (the payload: kind,
 * ticketId, title, body, url, tag — one notification per ticket, a repeated push replaces it),
 * opens or focuses Conversa on the ticket when the notification is clicked, and follows the push
 * service's replacement of its subscription (pushsubscriptionchange). The logic is in
 * sw-handlers.js (tested in Vitest). No caching: the app always loads from the server (a new version
 * is noticed by the page, lib/app-updates.ts).
 */
importScripts('/sw-handlers.js');

const worker = self.createConversaServiceWorker(self);

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  event.waitUntil(worker.push(event));
});

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(worker.notificationClick(event));
});

self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(worker.pushSubscriptionChange(event));
});
