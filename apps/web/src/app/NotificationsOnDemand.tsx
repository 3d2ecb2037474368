import { useNotifications, type NotificationsProps } from '@mantine/notifications';
import { useState } from 'react';
import { lazyComponent } from '../components/on-demand';

const Notifications = lazyComponent(async () => (await import('./NotificationsContainer')).Notifications);

/**
 * The toasts' container (Mantine's Notifications), downloaded with the first toast: most page loads
 * show none, and it is ≈ 9 kB gzip (transitions, drag to dismiss, scroll lock). A toast raised
 * before it arrives waits in the notifications store, which is what `notifications.show` writes to,
 * and appears as soon as the container is mounted; once mounted, it stays. Offline, the toasts
 * wait there until the browser is back online (lazyComponent tries again then).
 */
export function NotificationsOnDemand(props: NotificationsProps) {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && (notifications.length > 0 || queue.length > 0)) setNeeded(true);
  if (!needed) return null;
  return <Notifications {...props} />;
}
