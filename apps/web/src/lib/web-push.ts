import { languageOf } from '@conversa/shared/notification-texts';
import { http } from './http';
import i18n, { currentLocale } from './i18n';
import { getToken } from './session';

/**
 * Web push (issue 15): this browser's push subscription for the signed-in user, so that new customer
 * messages and mentions reach them as notifications while no Conversa tab is open (the server pushes
 * only when the user has no tab connected). Subscribed once notifications are allowed (the permission
 * the desktop notifications ask for), dropped at logout. The subscription carries the app's
 * language, which the server words this browser's pushes in: told again on every language change.
 */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

// The syncs in progress, one after another: two quick language changes (or the start's sync and a
// change right after) would otherwise post concurrently, and the older language could arrive last.
let syncs: Promise<void> = Promise.resolve();

/** Subscribes this browser (or refreshes its subscription) for the signed-in user; nothing without permission. */
export function syncPushSubscription(): Promise<void> {
  const run = syncs.then(subscribeNow);
  syncs = run.catch(() => undefined);
  return run;
}

async function subscribeNow(): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted' || !getToken()) return;
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return;
  const { publicKey } = await http.get<{ publicKey: string }>('/push/config');
  const key = keyBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // Subscribed with another server key (the server's keys changed): the old subscription is useless.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await http.post('/push/subscriptions', { ...subscription.toJSON(), language: languageOf(currentLocale()) });
}

/** While signed in: a language change reaches this browser's subscription (its pushes follow the app's language). Answers the unsubscribe. */
export function followLanguageForPush(): () => void {
  const resync = () => void syncPushSubscription().catch(() => undefined);
  i18n.on('languageChanged', resync);
  return () => i18n.off('languageChanged', resync);
}

/** At logout (while the token still works): this browser stops getting the user's pushes. */
export async function dropPushSubscription(): Promise<void> {
  if (!pushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  try {
    await http.delete('/push/subscriptions', { body: { endpoint: subscription.endpoint } });
  } catch {
    /* gone already */
  }
  await subscription.unsubscribe().catch(() => false);
}

/** What the service worker posts when the push service replaced the subscription and it could not tell the server itself (public/sw-handlers.js). */
export const PUSH_RESUBSCRIBE_MESSAGE = 'conversa:push-resubscribe';

/** The page subscribes again (with its session) when the service worker asks. */
export function listenForPushResubscribe(): void {
  if (!pushSupported()) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<unknown>) => {
    const data = event.data as { type?: unknown } | null;
    if (data?.type === PUSH_RESUBSCRIBE_MESSAGE) void syncPushSubscription().catch(() => undefined);
  });
}
