import type { QueryClient } from '@tanstack/react-query';

/** The dashboard's queries (features/dashboard/api.ts): kept here, light, for the socket provider. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
};

/** How long ticket events are gathered before the dashboard on screen fetches its figures again. */
export const DASHBOARD_REFRESH_DELAY_MS = 1_000;

const pending = new WeakMap<QueryClient, ReturnType<typeof setTimeout>>();

/**
 * A ticket, message or contact changed (a socket event): the dashboard on screen, if any, fetches
 * its figures again once, ~1 s after the first of a burst of events (the events of that second are
 * folded into the same request; a steady stream still refreshes once a second). Its previous
 * figures stay on screen meanwhile (placeholder data). Without a dashboard in the cache, nothing.
 */
export function scheduleDashboardRefresh(qc: QueryClient): void {
  if (pending.has(qc)) return;
  if (qc.getQueryCache().findAll({ queryKey: dashboardKeys.all }).length === 0) return;
  pending.set(
    qc,
    setTimeout(() => {
      pending.delete(qc);
      void qc.invalidateQueries({ queryKey: dashboardKeys.all });
    }, DASHBOARD_REFRESH_DELAY_MS),
  );
}
