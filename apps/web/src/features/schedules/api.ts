import type { CreateScheduleFields, ScheduledMessage, ScheduledMessageList, ScheduleStatus, UpdateScheduleBody } from '@conversa/shared';
import type { ScheduleSocketPayload } from '@conversa/shared/schedule-events';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { ticketKeys, type TicketListFilters } from '../tickets/keys';

export const scheduleKeys = {
  all: ['schedules'] as const,
  list: (statuses: ScheduleStatus[], pageNumber: number) => ['schedules', 'list', statuses, pageNumber] as const,
};

/** GET /scheduleMessages/: a page of the scheduled messages the user sees, by status. */
export function useSchedules(statuses: ScheduleStatus[], pageNumber: number) {
  return useQuery({
    queryKey: scheduleKeys.list(statuses, pageNumber),
    queryFn: ({ signal }) =>
      http.get<ScheduledMessageList>('/scheduleMessages/', {
        query: { status: statuses.length ? statuses.join(',') : undefined, pageNumber },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** What changes when schedules change: their lists, and the ticket list's `schedule` status. */
function invalidateSchedules(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: scheduleKeys.all });
  void qc.invalidateQueries({
    queryKey: ticketKeys.lists,
    predicate: (query) => (query.queryKey[2] as TicketListFilters | undefined)?.status === 'schedule',
  });
}

export type SaveScheduleInput =
  { id: null; body: CreateScheduleFields; file: File | null } | { id: number; body: UpdateScheduleBody; file?: undefined };

/** POST /messagesSchedule/ (multipart with a file) or PUT /messagesSchedule/{id}. */
export function useSaveSchedule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, file }: SaveScheduleInput) => {
      if (id !== null) return http.put<ScheduledMessage>(`/messagesSchedule/${id}`, body, { silent: true });
      if (!file) return http.post<ScheduledMessage>('/messagesSchedule/', body, { silent: true });
      const form = new FormData();
      for (const [key, value] of Object.entries(body))
        if (typeof value === 'string' || typeof value === 'number') form.append(key, String(value));
      form.append('medias', file, file.name);
      return http.upload<ScheduledMessage>('/messagesSchedule/', form, { silent: true });
    },
    onSuccess: () => invalidateSchedules(qc),
  });
}

/** PUT /messagesSchedule/{id}/cancel. */
export function useCancelSchedule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.put<ScheduledMessage>(`/messagesSchedule/${id}/cancel`),
    onSuccess: () => invalidateSchedules(qc),
  });
}

/** A schedule pushed by the server (created, edited, canceled, sent, failed): the lists read it again. */
export function applyScheduleEvent(qc: QueryClient, _event: ScheduleSocketPayload): void {
  invalidateSchedules(qc);
}
