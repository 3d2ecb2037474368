import type { Dashboard, DashboardGranularity } from '@conversa/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { dashboardKeys } from './live';

/** What the screen asks `GET /dashboard` (packages/shared/src/dashboard.ts): ids as lists. */
export interface DashboardRequest {
  from: string;
  to: string;
  granularity: DashboardGranularity;
  timeZone: string;
  queueIds: number[];
  channelIds: number[];
  userIds: number[];
}

/** The query string: empty filters are left out, ids are comma-separated. */
export function dashboardQueryString(request: DashboardRequest): Record<string, string> {
  const query: Record<string, string> = {
    from: request.from,
    to: request.to,
    granularity: request.granularity,
    timeZone: request.timeZone,
  };
  if (request.queueIds.length > 0) query.queueIds = request.queueIds.join(',');
  if (request.channelIds.length > 0) query.channelIds = request.channelIds.join(',');
  if (request.userIds.length > 0) query.userIds = request.userIds.join(',');
  return query;
}

/**
 * The dashboard's figures for a range and filters (SPEC §2 "dashboards"). The previous figures stay
 * on screen while new ones load (a new range, a filter, a socket event): no flicker. Background
 * calls: the page shows its own loading state, not the app's overlay.
 */
export function useDashboard(request: DashboardRequest | null) {
  return useQuery({
    queryKey: [...dashboardKeys.all, request] as const,
    enabled: request !== null,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }): Promise<Dashboard> => {
      if (!request) throw new Error('No range to ask for');
      return http.get<Dashboard>('/dashboard', { query: dashboardQueryString(request), signal, silent: true });
    },
  });
}
