import type { Tenant, TenantStatus } from '@conversa/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

export interface TenantInput {
  status: TenantStatus;
  name: string;
  maxUsers: number;
  maxConnections: number;
  identity: string | null;
  paymentToken: string | null;
  paymentCustomerId: string | null;
  paymentActive: boolean;
  trial: boolean;
  trialDays: number;
  hideUnoficial: boolean;
  planId: number | null;
}

/** POST /tenants: left out, the subscription fields follow the plan (its trial; billed when it has a value). */
export interface CreateTenantInput extends Omit<TenantInput, 'paymentActive' | 'trial' | 'trialDays'> {
  paymentActive?: boolean;
  trial?: boolean;
  trialDays?: number;
  /** Optional first administrator of the new tenant. */
  admin?: { name: string; email: string; password: string };
}

const tenantKeys = { all: ['tenants'] as const };

export function useTenants() {
  return useQuery({
    queryKey: tenantKeys.all,
    queryFn: ({ signal }) => http.get<Tenant[]>('/tenants/', { signal }),
  });
}

export function useCreateTenant() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTenantInput) => http.post<Tenant>('/tenants', input),
    onSuccess: () => qc.invalidateQueries({ queryKey: tenantKeys.all }),
  });
}

export function useUpdateTenant() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: Partial<TenantInput> }) => http.put<Tenant>(`/tenants/${id}`, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: tenantKeys.all }),
  });
}

export function useDeleteTenant() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`/tenants/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: tenantKeys.all }),
  });
}
