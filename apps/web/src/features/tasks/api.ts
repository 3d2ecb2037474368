import type {
  CreateTaskBody,
  FinishTaskResult,
  Task,
  TaskComment,
  TaskList,
  TaskPriority,
  TaskStatus,
  UpdateTaskBody,
} from '@conversa/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

export interface TaskFilters {
  status: TaskStatus[];
  priority: TaskPriority[];
  ownerIds: number[];
}

export const taskKeys = {
  all: ['tasks'] as const,
  list: (filters: TaskFilters, pageNumber: number) => ['tasks', 'list', filters, pageNumber] as const,
  comments: (id: number) => ['tasks', 'comments', id] as const,
};

const csv = (values: (string | number)[]) => (values.length ? values.join(',') : undefined);

/** GET /tasks: a page of the tasks the user sees, by status, priority and owner. */
export function useTasks(filters: TaskFilters, pageNumber: number) {
  return useQuery({
    queryKey: taskKeys.list(filters, pageNumber),
    queryFn: ({ signal }) =>
      http.get<TaskList>('/tasks', {
        query: { status: csv(filters.status), priority: csv(filters.priority), ownerIds: csv(filters.ownerIds), pageNumber },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export type SaveTaskInput = { id: null; body: CreateTaskBody } | { id: number; body: UpdateTaskBody };

export function useSaveTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: SaveTaskInput) =>
      id === null ? http.post<Task>('/tasks', body, { silent: true }) : http.put<Task>(`/tasks/${id}`, body, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: taskKeys.all }),
  });
}

export function useFinishTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.put<FinishTaskResult>(`/tasks/${id}/finish`),
    onSuccess: () => qc.invalidateQueries({ queryKey: taskKeys.all }),
  });
}

export function useDeleteTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`/tasks/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: taskKeys.all }),
  });
}

export function useTaskComments(id: number | null) {
  return useQuery({
    queryKey: taskKeys.comments(id ?? 0),
    enabled: id !== null,
    queryFn: ({ signal }) => http.get<TaskComment[]>(`/tasks/${id}/comments`, { signal }),
  });
}

export function useAddTaskComment(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (comment: string) => http.post<TaskComment>(`/tasks/${id}/comments`, { comment }, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: taskKeys.all }),
  });
}

/** GET /tasks/{id}: the task a notification's link names (`/tarefas?task=12`). */
export function useTask(id: number | null) {
  return useQuery({
    queryKey: ['tasks', 'detail', id ?? 0] as const,
    enabled: id !== null,
    queryFn: ({ signal }) => http.get<Task>(`/tasks/${id}`, { signal }),
  });
}
