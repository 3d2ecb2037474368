import type { Branding, SystemColors, TenantBranding, BrandingImageKind } from '@conversa/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { setCompanyBranding } from '../../lib/branding';
import { http } from '../../lib/http';

export const brandingKeys = {
  current: ['branding', 'current'] as const,
  settings: ['branding', 'settings'] as const,
};

/** The signed-in company's branding (GET /branding), applied to the page while signed in (lib/branding.ts). */
export function useCompanyBranding(): void {
  const query = useQuery({
    queryKey: brandingKeys.current,
    queryFn: ({ signal }) => http.get<Branding>('/branding', { signal }),
    staleTime: 60_000,
  });
  useEffect(() => {
    if (query.data) setCompanyBranding(query.data);
  }, [query.data]);
  useEffect(() => () => setCompanyBranding(null), []);
}

export function useTenantBranding() {
  return useQuery({ queryKey: brandingKeys.settings, queryFn: ({ signal }) => http.get<TenantBranding>('/tenants/branding/', { signal }) });
}

/** After a change: the screen's settings are the answer; what the page shows is read again. */
function useBrandingChange<I>(mutationFn: (input: I) => Promise<TenantBranding>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (saved) => {
      qc.setQueryData(brandingKeys.settings, saved);
      await qc.invalidateQueries({ queryKey: brandingKeys.current });
    },
  });
}

export function useSaveAppName() {
  return useBrandingChange((appName: string | null) => http.put<TenantBranding>('/tenants/branding/', { appName }));
}

export function useSaveColors() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (items: Record<string, string>[]) => http.put<SystemColors>('/tenants/systemColors/', items),
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: brandingKeys.settings }),
        qc.invalidateQueries({ queryKey: brandingKeys.current }),
      ]);
    },
  });
}

export function useUploadImage() {
  return useBrandingChange(({ kind, file }: { kind: BrandingImageKind; file: File }) => {
    const form = new FormData();
    form.append('file', file);
    return http.put<TenantBranding>(`/tenants/branding/${kind}`, form);
  });
}

export function useRemoveImage() {
  return useBrandingChange((kind: BrandingImageKind) => http.delete<TenantBranding>(`/tenants/branding/${kind}`));
}
