import type { AppNotification, Broadcast, CreateBroadcastBody, NotificationList, NotificationPush } from '@conversa/shared';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  broadcasts: ['notifications', 'broadcasts'] as const,
};

/** GET /notifications: the bell's recent notifications and unread count (kept live by the socket). */
export function useNotifications(enabled = true) {
  return useQuery({
    queryKey: notificationKeys.list,
    enabled,
    staleTime: 60_000,
    queryFn: ({ signal }) => http.get<NotificationList>('/notifications', { signal, silent: true }),
  });
}

/** The socket's push: the unread count at once when it carries it, then the list again. */
export function applyNotificationPush(qc: QueryClient, push: NotificationPush): void {
  if (typeof push.unread === 'number') {
    const unread = push.unread;
    qc.setQueryData<NotificationList>(notificationKeys.list, (list) => (list ? { ...list, unread } : list));
  }
  void qc.invalidateQueries({ queryKey: notificationKeys.list });
}

const markRead = (qc: QueryClient, id: number | 'all', unread: number) =>
  qc.setQueryData<NotificationList>(notificationKeys.list, (list) =>
    list
      ? {
          unread,
          notifications: list.notifications.map((n: AppNotification) => (id === 'all' || n.id === id ? { ...n, isRead: true } : n)),
        }
      : list,
  );

export function useMarkNotificationRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.put<{ unread: number }>(`/notifications/${id}/read`, undefined, { silent: true }),
    onSuccess: ({ unread }, id) => markRead(qc, id, unread),
  });
}

export function useMarkAllNotificationsRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => http.put<{ unread: number }>('/notifications/read-all', undefined, { silent: true }),
    onSuccess: ({ unread }) => markRead(qc, 'all', unread),
  });
}

/** GET /notifications/broadcasts (platform superadmin): what was sent. */
export function useBroadcasts() {
  return useQuery({
    queryKey: notificationKeys.broadcasts,
    queryFn: ({ signal }) => http.get<Broadcast[]>('/notifications/broadcasts', { signal }),
  });
}

export function useSendBroadcast() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBroadcastBody) => http.post<Broadcast>('/notifications/broadcasts', body, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
