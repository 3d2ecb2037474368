import type {
  BillingDetails,
  BillingOverview,
  BillingProvider,
  BillingType,
  Payment,
  PaymentStatus,
  Plan,
  Subscription,
  SubscriptionStatusView,
} from '@conversa/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from '../../lib/http';
import { setBillingBlocked, useBillingBlocked } from './billing-state';

export const billingKeys = {
  all: ['billing'] as const,
  status: ['billing', 'status'] as const,
  subscription: ['billing', 'subscription'] as const,
  plans: ['billing', 'plans'] as const,
  payments: (filters: PaymentFilters) => ['billing', 'payments', filters] as const,
  overview: ['billing', 'overview'] as const,
  provider: ['billing', 'provider'] as const,
  details: ['billing', 'details'] as const,
};

export interface PaymentFilters {
  status?: PaymentStatus;
  tenantId?: number;
  pageNumber: number;
}

/** The company's state for every user (blocked, trial days left); feeds the blocked mode. */
export function useSubscriptionStatus(enabled = true) {
  return useQuery({
    queryKey: billingKeys.status,
    enabled,
    queryFn: async ({ signal }) => {
      const status = await http.get<SubscriptionStatusView>('/subscription/status', { signal, silent: true });
      setBillingBlocked(status.blocked);
      return status;
    },
  });
}

/**
 * The blocked mode entered or left by something other than the status (a 402 answered to any
 * request, while the socket's event was missed): the status read before says otherwise, so it is
 * read again, and /configuracoesbloqueio says why instead of "unblocked". Not while the status is
 * being read: that read sets the mode itself before its answer is stored. Used once, above every
 * screen (BillingNotice).
 */
export function useStatusFollowsBlockedMode(): void {
  const qc = useQueryClient();
  const blocked = useBillingBlocked();
  useEffect(() => {
    const known = qc.getQueryData<SubscriptionStatusView>(billingKeys.status);
    if (known && known.blocked !== blocked && !qc.isFetching({ queryKey: billingKeys.status }))
      void qc.invalidateQueries({ queryKey: billingKeys.status });
  }, [qc, blocked]);
}

/** The company's subscription; read again every 2 s while a charge waits for its pay link (made by a job at the provider). */
export function useSubscription() {
  return useQuery({
    queryKey: billingKeys.subscription,
    queryFn: ({ signal }) => http.get<Subscription>('/subscription', { signal }),
    refetchInterval: (query) => (query.state.data?.payments.some((p) => p.status !== 'received' && !p.link) ? 2_000 : false),
  });
}

/** The plans a company may choose (the sign-up list). */
export function usePlanChoices() {
  return useQuery({ queryKey: billingKeys.plans, queryFn: ({ signal }) => http.get<Plan[]>('/plans/public', { signal }) });
}

export function useChangePlan() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (planId: number) => http.put<Subscription>('/subscription/plan', { planId }),
    onSuccess: (subscription) => {
      qc.setQueryData(billingKeys.subscription, subscription);
      void qc.invalidateQueries({ queryKey: billingKeys.status });
    },
  });
}

export function useTenantPayments(filters: PaymentFilters) {
  const params = new URLSearchParams({ pageNumber: String(filters.pageNumber) });
  if (filters.status) params.set('status', filters.status);
  if (filters.tenantId) params.set('tenantId', String(filters.tenantId));
  return useQuery({
    queryKey: billingKeys.payments(filters),
    queryFn: ({ signal }) =>
      http.get<{ payments: Payment[]; count: number; hasMore: boolean }>(`/billing/payments?${params.toString()}`, { signal }),
  });
}

export function useMarkReceived() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (paymentId: string) => http.post<Payment>(`/billing/payments/${paymentId}/receive`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: billingKeys.all }),
  });
}

export function useBillingOverview() {
  return useQuery({ queryKey: billingKeys.overview, queryFn: ({ signal }) => http.get<BillingOverview>('/billing/overview', { signal }) });
}

/** The company's billing data, read-only (/configuracoes/pagamentos for its admins). */
export function useBillingDetails() {
  return useQuery({
    queryKey: billingKeys.details,
    queryFn: ({ signal }) => http.get<BillingDetails>('/subscription/billing', { signal }),
  });
}

export function useBillingProvider() {
  return useQuery({ queryKey: billingKeys.provider, queryFn: ({ signal }) => http.get<BillingProvider>('/billing/provider', { signal }) });
}

export interface BillingProviderInput {
  active: boolean;
  baseUrl: string;
  apiKey?: string;
  webhookToken?: string;
  billingType: BillingType;
}

export function useSaveBillingProvider() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: BillingProviderInput) => http.put<BillingProvider>('/billing/provider', input),
    onSuccess: (provider) => qc.setQueryData(billingKeys.provider, provider),
  });
}
