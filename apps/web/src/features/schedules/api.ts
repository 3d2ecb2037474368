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
  | { id: null; body: CreateScheduleFields; file: File | null }
  /** An edit; with `file`, the schedule's file is replaced by it. */
  | { id: number; body: UpdateScheduleBody; file?: File | null };

/** A multipart form: the text fields, then the one file (`medias`). */
function scheduleForm(body: Record<string, unknown>, file: File): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body))
    if (typeof value === 'string' || typeof value === 'number') form.append(key, String(value));
  form.append('medias', file, file.name);
  return form;
}

/** POST /messagesSchedule/ or PUT /messagesSchedule/{id}: JSON, or multipart with a (new) file. */
export function useSaveSchedule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, file }: SaveScheduleInput) => {
      if (id !== null) {
        const path = `/messagesSchedule/${id}`;
        return file
          ? http.put<ScheduledMessage>(path, scheduleForm(body, file), { silent: true })
          : http.put<ScheduledMessage>(path, body, { silent: true });
      }
      if (!file) return http.post<ScheduledMessage>('/messagesSchedule/', body, { silent: true });
      return http.upload<ScheduledMessage>('/messagesSchedule/', scheduleForm(body, file), { silent: true });
    },
    onSuccess: () => invalidateSchedules(qc),
  });
}

/** DELETE /messagesSchedule/{id}: a schedule that no longer waits (canceled, sent or failed). */
export function useDeleteSchedule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`/messagesSchedule/${id}`),
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

/** A schedule pushed by the server (created, edited, canceled, sent, failed, deleted): the lists read it again. */
export function applyScheduleEvent(qc: QueryClient, _event: ScheduleSocketPayload): void {
  invalidateSchedules(qc);
}
