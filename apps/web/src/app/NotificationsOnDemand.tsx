import { useNotifications, type NotificationsProps } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

const Notifications = lazy(async () => ({ default: (await import('./NotificationsContainer')).Notifications }));

/**
 * The toasts' container (Mantine's Notifications), downloaded with the first toast: most page loads
 * show none, and it is ≈ 9 kB gzip (transitions, drag to dismiss, scroll lock). A toast raised
 * before it arrives waits in the notifications store, which is what `notifications.show` writes to,
 * and appears as soon as the container is mounted; once mounted, it stays.
 */
export function NotificationsOnDemand(props: NotificationsProps) {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && (notifications.length > 0 || queue.length > 0)) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications {...props} />
    </Suspense>
  );
}
