/**
 * The new-version check (issue 15; SPEC §7 "when new content is found the page reloads"): an open
 * page reads /version.json every 5 minutes and when the tab becomes visible again, and a build other
 * than its own reloads it at the next idle moment (30 s without a click, mouse move or key, or the
 * tab hidden) — never while the user is busy.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Updates = typeof import('./app-updates');

let deployed = 'build-1';
let versionReads = 0;
let caches: (RequestCache | undefined)[] = [];

/** A fresh module (its "reloading" state) built as `build` (undefined: a development build). */
async function load(build: string | undefined): Promise<Updates> {
  vi.resetModules();
  if (build) vi.stubGlobal('__APP_VERSION__', build);
  return import('./app-updates');
}

function setVisibility(state: 'visible' | 'hidden', tell = true) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  if (tell) document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  deployed = 'build-1';
  versionReads = 0;
  caches = [];
  // The deployed build's version.json (answered in microtasks only: the fake timers drive everything).
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url !== '/version.json') return { ok: false, json: async () => ({}) };
      caches.push(init?.cache);
      versionReads++;
      return { ok: true, json: async () => ({ version: deployed }) };
    }),
  );
  // Quietly: listeners an earlier test's page left on the document must not read the version now.
  setVisibility('visible', false);
});
afterEach(() => {
  vi.clearAllTimers();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('checkVersion', () => {
  it('does nothing while the deployed build is this page’s, or for a development build', async () => {
    const { checkVersion } = await load('build-1');
    const reload = vi.fn();
    expect(await checkVersion('build-1', reload)).toBe(false);
    expect(await checkVersion(undefined, reload)).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reload).not.toHaveBeenCalled();
  });

  it('a new build reloads once the user has been idle 30 s; activity puts it off', async () => {
    const { checkVersion, RELOAD_IDLE_MS } = await load('build-1');
    deployed = 'build-2';
    const reload = vi.fn();
    expect(await checkVersion('build-1', reload)).toBe(true);

    await vi.advanceTimersByTimeAsync(RELOAD_IDLE_MS - 5_000);
    window.dispatchEvent(new MouseEvent('mousemove'));
    await vi.advanceTimersByTimeAsync(RELOAD_IDLE_MS - 5_000);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    await vi.advanceTimersByTimeAsync(RELOAD_IDLE_MS - 1_000);
    expect(reload).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1_000);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads at once when the tab is hidden, or as soon as it is hidden', async () => {
    const hiddenNow = await load('build-1');
    deployed = 'build-2';
    setVisibility('hidden');
    const atOnce = vi.fn();
    await hiddenNow.checkVersion('build-1', atOnce);
    expect(atOnce).toHaveBeenCalledTimes(1);

    const later = await load('build-1');
    setVisibility('visible');
    const onHide = vi.fn();
    await later.checkVersion('build-1', onHide);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(onHide).not.toHaveBeenCalled();
    setVisibility('hidden');
    expect(onHide).toHaveBeenCalled();
  });
});

describe('startAppUpdates', () => {
  it('polls /version.json every 5 minutes and when the tab becomes visible again; a new build reloads at the next idle moment', async () => {
    const { startAppUpdates, VERSION_CHECK_MS, RELOAD_IDLE_MS } = await load('build-1');
    const reload = vi.fn();
    startAppUpdates(reload);
    expect(versionReads).toBe(0);

    await vi.advanceTimersByTimeAsync(VERSION_CHECK_MS);
    expect(versionReads).toBe(1);
    setVisibility('hidden');
    setVisibility('visible');
    await vi.waitFor(() => expect(versionReads).toBe(2));
    expect(reload).not.toHaveBeenCalled();

    deployed = 'build-2';
    await vi.advanceTimersByTimeAsync(VERSION_CHECK_MS);
    expect(versionReads).toBe(3);
    // The poll's interval and the idle reload's timer.
    await vi.waitFor(() => expect(vi.getTimerCount()).toBe(2));
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(RELOAD_IDLE_MS);
    expect(reload).toHaveBeenCalledTimes(1);
    // Never a cached answer.
    expect(caches).toEqual(['no-store', 'no-store', 'no-store']);
  });

  it('does nothing in a development build (no version compiled in)', async () => {
    const { startAppUpdates, VERSION_CHECK_MS } = await load(undefined);
    startAppUpdates(vi.fn());
    await vi.advanceTimersByTimeAsync(VERSION_CHECK_MS * 2);
    expect(versionReads).toBe(0);
  });
});
