import type { BusinessHours, UpdateBusinessHoursBody } from '@conversa/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

export const businessHoursKeys = { all: ['business-hours'] as const };

export function useBusinessHours() {
  return useQuery({
    queryKey: businessHoursKeys.all,
    queryFn: ({ signal }) => http.get<BusinessHours>('/tenants/business-hours/', { signal }),
  });
}

export function useSaveBusinessHours() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateBusinessHoursBody) => http.put<BusinessHours>('/tenants/business-hours/', body),
    onSuccess: (saved) => qc.setQueryData(businessHoursKeys.all, saved),
  });
}

export function useSaveAbsenceMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (messageBusinessHours: string) => http.put<BusinessHours>('/tenants/message-business-hours/', { messageBusinessHours }),
    onSuccess: (saved) => qc.setQueryData(businessHoursKeys.all, saved),
  });
}
