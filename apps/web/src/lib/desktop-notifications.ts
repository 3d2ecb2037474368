import { syncPushSubscription } from './web-push';

/**
 * Browser notifications for new customer messages. Permission is asked once (on the first user
 * gesture after login, as browsers require) and the answer is remembered: never asked again.
 */
const ASKED_KEY = 'notificationPermissionAsked';
let askBound = false;

function supported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

function alreadyAsked(): boolean {
  try {
    return localStorage.getItem(ASKED_KEY) === 'true';
  } catch {
    return true;
  }
}

export function bindNotificationPermissionRequest(): void {
  if (askBound || !supported() || Notification.permission !== 'default' || alreadyAsked()) return;
  askBound = true;
  const ask = () => {
    window.removeEventListener('pointerdown', ask);
    try {
      localStorage.setItem(ASKED_KEY, 'true');
    } catch {
      /* storage unavailable */
    }
    void Notification.requestPermission()
      // Allowed: this browser also gets pushes while no tab is open (lib/web-push.ts).
      .then((permission) => (permission === 'granted' ? syncPushSubscription() : undefined))
      .catch(() => undefined);
  };
  window.addEventListener('pointerdown', ask);
}

export function showDesktopNotification(title: string, body: string, tag: string, onClick: () => void): void {
  if (!supported() || Notification.permission !== 'granted') return;
  try {
    const notification = new Notification(title, { body, tag });
    notification.onclick = () => {
      window.focus();
      onClick();
      notification.close();
    };
  } catch {
    /* some browsers only allow notifications from a service worker */
  }
}
