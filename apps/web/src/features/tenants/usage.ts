import type { TenantLimitsUsage } from '@conversa/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';

/** The company's limits and usage; users' and channels' creations and deletions refresh it. */
export const tenantUsageKey = ['tenant-usage'] as const;

export function useTenantUsage() {
  return useQuery({
    queryKey: tenantUsageKey,
    queryFn: ({ signal }) => http.get<TenantLimitsUsage>('/tenants/usage/', { signal, silent: true }),
  });
}
