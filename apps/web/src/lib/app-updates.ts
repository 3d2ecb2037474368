import { listenForPushResubscribe, syncPushSubscription } from './web-push';

/** How often an open page asks whether a new version was deployed (and on coming back to the tab). */
export const VERSION_CHECK_MS = 5 * 60 * 1000;
/** A new version reloads the page once the user has been idle this long (or the tab is hidden): nothing typed is lost mid-sentence. */
export const RELOAD_IDLE_MS = 30 * 1000;

const BUILD_VERSION = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : undefined;

/**
 * SPEC §7 "A push service worker registers; when new content is found the page reloads": the
 * service worker (public/sw.js: web push notifications) is registered, and the page compares its
 * build with the deployed one (`/version.json`, written by each build) every VERSION_CHECK_MS and
 * whenever the tab becomes visible again; a new build reloads the page at the next idle moment
 * (no click, mouse move or key for RELOAD_IDLE_MS, or the tab hidden) — as the idle reload of
 * SPEC §9 (app/useIdleReload.ts) does after 7200 ticks. Off in development and tests.
 */
export function startAppUpdates(reload: () => void = () => window.location.reload()): void {
  if (!BUILD_VERSION || typeof window === 'undefined') return;
  if ('serviceWorker' in navigator && window.isSecureContext) {
    void navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(() => syncPushSubscription())
      .catch(() => undefined);
    listenForPushResubscribe();
  }
  const check = () => void checkVersion(BUILD_VERSION, reload);
  setInterval(check, VERSION_CHECK_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}

let reloading = false;

/** Whether another build is deployed than `current` (this page's); if so, the page reloads at the next idle moment. */
export async function checkVersion(current: string | undefined = BUILD_VERSION, reload?: () => void): Promise<boolean> {
  // A development or test build carries no version: nothing to compare.
  if (!current) return false;
  try {
    const response = await fetch('/version.json', { cache: 'no-store' });
    if (!response.ok) return false;
    const { version } = (await response.json()) as { version?: string };
    if (!version || version === current) return false;
    reloadWhenIdle(reload);
    return true;
  } catch {
    return false;
  }
}

/** Reloads at the first moment the user is idle (RELOAD_IDLE_MS without activity) or the tab is hidden. */
export function reloadWhenIdle(reload: () => void = () => window.location.reload()): void {
  if (reloading) return;
  reloading = true;
  if (document.visibilityState === 'hidden') return reload();
  let timer = setTimeout(reload, RELOAD_IDLE_MS);
  const activity = () => {
    clearTimeout(timer);
    timer = setTimeout(reload, RELOAD_IDLE_MS);
  };
  for (const event of ['click', 'mousemove', 'keydown'] as const) window.addEventListener(event, activity, { passive: true });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') reload();
  });
}
