import type { ListBirthdaysQuery, ListBirthdaysResponse, SendBirthdayBody, SendBirthdayResponse } from '@conversa/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

export const birthdayKeys = {
  all: ['birthdays'] as const,
  list: (query: ListBirthdaysQuery) => ['birthdays', query] as const,
};

/** GET /birthdays: today's or this month's birthdays on the tenant's clock (/aniversarios, supervisors and admins). */
export function useBirthdays(query: ListBirthdaysQuery) {
  return useQuery({
    queryKey: birthdayKeys.list(query),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      http.get<ListBirthdaysResponse>('/birthdays', {
        query: { period: query.period ?? 'today', pageNumber: Number(query.pageNumber ?? 1) },
        signal,
      }),
  });
}

/** POST /messages/sendBirthday: the channel's birthday message to one contact now (once a year, shared with the daily job). */
export function useSendBirthday() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SendBirthdayBody) => http.post<SendBirthdayResponse>('/messages/sendBirthday', body),
    onSettled: () => qc.invalidateQueries({ queryKey: birthdayKeys.all }),
  });
}
