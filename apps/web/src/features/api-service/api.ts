import {
  EXTERNAL_API_OPENAPI_PATH,
  EXTERNAL_API_POSTMAN_PATH,
  type ApiCallLogPage,
  type ApiConfig,
  type ApiConfigBody,
  type ApiConfigWithRenewedToken,
  type ApiConfigWithToken,
  type ApiConfigWithWebhookSecret,
} from '@conversa/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE_URL, http } from '../../lib/http';

export const apiConfigKeys = {
  all: ['api-configs'] as const,
  logs: (id: string, page: number) => ['api-configs', 'logs', id, page] as const,
};

/** The server's address as clients reach it: the API's own origin, or this page's (same origin). */
export function serverOrigin(): string {
  return API_BASE_URL || window.location.origin;
}

/** The external API's documents, on the server (public: they describe the API, not the company's data). */
export const openApiUrl = () => `${serverOrigin()}${EXTERNAL_API_OPENAPI_PATH}`;
export const postmanUrl = () => `${serverOrigin()}${EXTERNAL_API_POSTMAN_PATH}`;

/** GET /api-config: the company's API configurations, tokens masked. */
export function useApiConfigs() {
  return useQuery({
    queryKey: apiConfigKeys.all,
    queryFn: ({ signal }) => http.get<ApiConfig[]>('/api-config', { signal }),
  });
}

/** GET /api-config/{id}/logs?page=: a page of the configuration's calls, newest first. */
export function useApiCallLogs(id: string, page: number) {
  return useQuery({
    queryKey: apiConfigKeys.logs(id, page),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => http.get<ApiCallLogPage>(`/api-config/${id}/logs?page=${page}`, { signal }),
  });
}

export type SaveApiConfigInput = { id: null; body: ApiConfigBody } | { id: string; body: ApiConfigBody };

/** POST (answers the token and webhook secret in full, once) or PUT /api-config/{id}. */
export function useSaveApiConfig() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: SaveApiConfigInput): Promise<ApiConfig | ApiConfigWithToken> =>
      id === null
        ? http.post<ApiConfigWithToken>('/api-config', body, { silent: true })
        : http.put<ApiConfig>(`/api-config/${id}`, body, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: apiConfigKeys.all }),
  });
}

/** PUT /api-config/renew-token/{id}: a new token, answered in full once; the old one is refused at once. */
export function useRenewApiToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.put<ApiConfigWithRenewedToken>(`/api-config/renew-token/${id}`, undefined, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: apiConfigKeys.all }),
  });
}

/** PUT /api-config/renew-webhook-secret/{id}: a new webhook signing secret, answered in full once. */
export function useRenewWebhookSecret() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.put<ApiConfigWithWebhookSecret>(`/api-config/renew-webhook-secret/${id}`, undefined, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: apiConfigKeys.all }),
  });
}

export function useDeleteApiConfig() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.delete(`/api-config/${id}`, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: apiConfigKeys.all }),
  });
}
