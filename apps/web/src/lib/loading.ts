import { useSyncExternalStore } from 'react';
import { LOADING_OVERLAY_HIDE_DELAY_MS, LOADING_OVERLAY_MIN_GAP_MS } from './constants';

/**
 * Global loading overlay state (SPEC §7): a request shows the overlay only if
 * more than 2 s passed since the previous request started; the overlay hides
 * 1 s after the requests end.
 */
let visible = false;
let pending = 0;
let lastStart = Number.NEGATIVE_INFINITY;
let hideTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function setVisible(next: boolean): void {
  if (visible === next) return;
  visible = next;
  for (const listener of listeners) listener();
}

export function requestStarted(): void {
  const now = Date.now();
  pending += 1;
  if (now - lastStart > LOADING_OVERLAY_MIN_GAP_MS) {
    clearTimeout(hideTimer);
    setVisible(true);
  }
  lastStart = now;
}

export function requestEnded(): void {
  pending = Math.max(0, pending - 1);
  if (pending > 0 || !visible) return;
  clearTimeout(hideTimer);
  hideTimer = setTimeout(() => {
    if (pending === 0) setVisible(false);
  }, LOADING_OVERLAY_HIDE_DELAY_MS);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useLoadingOverlay(): boolean {
  return useSyncExternalStore(subscribe, () => visible);
}

/** Back to the state of a fresh page: nothing pending, overlay hidden (between tests that share this module). */
export function resetLoadingOverlay(): void {
  clearTimeout(hideTimer);
  pending = 0;
  lastStart = Number.NEGATIVE_INFINITY;
  setVisible(false);
}
