import { lazyDialog } from './on-demand';

/** Every destructive action asks here first (ConfirmDialog, downloaded the first time one opens). */
export const ConfirmModal = lazyDialog(async () => (await import('./ConfirmDialog')).ConfirmDialog);
