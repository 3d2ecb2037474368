import type { ApiConfig, WebhookDelivery, WebhookDeliveryPage, WebhookDeliveryState } from '@conversa/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

export const webhookKeys = {
  configs: ['api-config'] as const,
  deliveries: (apiId: string) => ['api-config', apiId, 'webhook-deliveries'] as const,
  page: (apiId: string, page: number, status: WebhookDeliveryState | null) =>
    ['api-config', apiId, 'webhook-deliveries', page, status] as const,
};

/** While a delivery of the page is pending (waiting for its next attempt), the page is read again this often. */
const PENDING_REFRESH_MS = 5_000;

export function useApiConfigs() {
  return useQuery({ queryKey: webhookKeys.configs, queryFn: ({ signal }) => http.get<ApiConfig[]>('/api-config', { signal }) });
}

export function useWebhookDeliveries(apiId: string, page: number, status: WebhookDeliveryState | null) {
  return useQuery({
    queryKey: webhookKeys.page(apiId, page, status),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(page), ...(status ? { status } : {}) });
      return http.get<WebhookDeliveryPage>(`/api-config/${apiId}/webhook-deliveries?${query}`, { signal });
    },
    refetchInterval: (query) => (query.state.data?.deliveries.some((d) => d.state === 'pending') ? PENDING_REFRESH_MS : false),
  });
}

export function useResendWebhookDelivery(apiId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => http.post<WebhookDelivery>(`/api-config/${apiId}/webhook-deliveries/${deliveryId}/resend`),
    onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.deliveries(apiId) }),
  });
}
