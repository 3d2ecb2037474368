import type { TenantSmtp, TenantSmtpBody, TenantSmtpTestResult } from '@conversa/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

export const smtpKeys = { settings: ['smtp', 'settings'] as const };

export function useTenantSmtp() {
  return useQuery({ queryKey: smtpKeys.settings, queryFn: ({ signal }) => http.get<TenantSmtp>('/settings/smtp', { signal }) });
}

export function useSaveTenantSmtp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TenantSmtpBody) => http.put<TenantSmtp>('/settings/smtp', body),
    onSuccess: (saved) => qc.setQueryData(smtpKeys.settings, saved),
  });
}

export function useRemoveTenantSmtp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => http.delete('/settings/smtp'),
    onSuccess: () => qc.invalidateQueries({ queryKey: smtpKeys.settings }),
  });
}

export function useSendTestEmail() {
  return useMutation({ mutationFn: (to: string) => http.post<TenantSmtpTestResult>('/settings/smtp/test', { to }) });
}
