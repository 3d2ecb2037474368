import type { SendSmsBody, SmsConnectionTest, SmsMessage, SmsSettings, SmsSettingsBody } from '@conversa/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

export const smsKeys = {
  all: ['sms'] as const,
  settings: ['sms', 'settings'] as const,
  availability: ['sms', 'availability'] as const,
  history: (ticketId: number) => ['sms', 'history', ticketId] as const,
};

/** While an SMS of the list is still on its way (queued, sending, or sent and not yet delivered), it is read again this often. */
const HISTORY_REFRESH_MS = 4_000;
const IN_FLIGHT: ReadonlySet<SmsMessage['status']> = new Set(['queued', 'sending', 'sent']);

export function useSmsSettings() {
  return useQuery({ queryKey: smsKeys.settings, queryFn: ({ signal }) => http.get<SmsSettings>('/settings/sms', { signal }) });
}

export function useSaveSmsSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SmsSettingsBody) => http.put<SmsSettings>('/settings/sms', body),
    onSuccess: (saved) => {
      qc.setQueryData(smsKeys.settings, saved);
      void qc.invalidateQueries({ queryKey: smsKeys.availability });
    },
  });
}

export function useRemoveSmsSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => http.delete('/settings/sms'),
    onSuccess: () => qc.invalidateQueries({ queryKey: smsKeys.all }),
  });
}

export function useTestSmsConnection() {
  return useMutation({ mutationFn: (body: SmsSettingsBody) => http.post<SmsConnectionTest>('/settings/sms/test', body) });
}

/** Whether the tenant can send SMS: the chat offers the SMS modal only then. */
export function useSmsAvailability() {
  return useQuery({
    queryKey: smsKeys.availability,
    staleTime: 60_000,
    queryFn: ({ signal }) => http.get<{ configured: boolean }>('/sms/config', { signal }),
  });
}

/** The SMS of a ticket's contact, newest first; read again while one of them is still on its way. */
export function useSmsHistory(ticketId: number) {
  return useQuery({
    queryKey: smsKeys.history(ticketId),
    queryFn: ({ signal }) => http.get<SmsMessage[]>(`/sms?ticketId=${ticketId}`, { signal }),
    refetchInterval: (query) => (query.state.data?.some((sms) => IN_FLIGHT.has(sms.status)) ? HISTORY_REFRESH_MS : false),
  });
}

export function useSendSms(ticketId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SendSmsBody) => http.post<SmsMessage>('/sms', body),
    onSuccess: (sent) => {
      qc.setQueryData<SmsMessage[]>(smsKeys.history(ticketId), (current) => [sent, ...(current ?? []).filter((s) => s.id !== sent.id)]);
    },
  });
}
