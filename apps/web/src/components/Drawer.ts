import { lazyDialog } from './on-demand';

/**
 * Mantine's Drawer, downloaded the first time it opens (with its scroll lock and focus trap): the
 * chat's contact drawer on phones. Same props as Mantine's.
 */
export const Drawer = lazyDialog(async () => (await import('./DrawerView')).DrawerView);
