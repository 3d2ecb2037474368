import { useSyncExternalStore } from 'react';

/**
 * Whether the company is blocked for payment (trial ended, payment overdue): set by
 * GET /subscription/status, by any 402 ERR_TENANT_OVERDUE answer and by the `tenant:billing`
 * socket event. While it is, the app shows the subscription and settings screens only.
 */
let blocked = false;
const listeners = new Set<() => void>();

export function setBillingBlocked(value: boolean): void {
  if (blocked === value) return;
  blocked = value;
  for (const listener of listeners) listener();
}

export function isBillingBlocked(): boolean {
  return blocked;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useBillingBlocked(): boolean {
  return useSyncExternalStore(subscribe, isBillingBlocked, isBillingBlocked);
}
