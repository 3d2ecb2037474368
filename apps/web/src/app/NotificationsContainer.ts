// The lazy chunk of NotificationsOnDemand: a module of its own, so that the chunk holds the container
// only (a dynamic import of the package itself would also pull its store into the first download).
export { Notifications } from '@mantine/notifications';
