import type { ApiCallLogPage, TenantApi, TenantApiBody, TenantApiWithToken } from '@conversa/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

export const tenantApiKeys = {
  all: ['tenant-api'] as const,
  logs: (id: string, page: number) => ['tenant-api', id, 'logs', page] as const,
};

export function useTenantApis() {
  return useQuery({ queryKey: tenantApiKeys.all, queryFn: ({ signal }) => http.get<TenantApi[]>('/tenant-api', { signal }) });
}

export function useTenantApiLogs(id: string, page: number) {
  return useQuery({
    queryKey: tenantApiKeys.logs(id, page),
    queryFn: ({ signal }) => http.get<ApiCallLogPage>(`/tenant-api/${id}/logs?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

function useInvalidating<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: tenantApiKeys.all }) });
}

/** Creates (answered with the token, this once) or updates a token. */
export const useSaveTenantApi = (id: string | null) =>
  useInvalidating((input: TenantApiBody): Promise<TenantApi | TenantApiWithToken> =>
    id ? http.put<TenantApi>(`/tenant-api/${id}`, input) : http.post<TenantApiWithToken>('/tenant-api', input),
  );
export const useSetTenantApiActive = () =>
  useInvalidating((api: TenantApi) => http.put<TenantApi>(`/tenant-api/${api.id}`, { name: api.name, active: !api.active }));
export const useRenewTenantApiToken = () => useInvalidating((id: string) => http.put<TenantApiWithToken>(`/tenant-api/${id}/renew-token`));
export const useDeleteTenantApi = () => useInvalidating((id: string) => http.delete(`/tenant-api/${id}`));
