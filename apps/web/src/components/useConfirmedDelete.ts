import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyApiError, notifySuccess } from '../lib/notify';

interface DeleteMutation {
  mutate: (id: number, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  isPending: boolean;
}

/**
 * A delete that asks first: `ask(row)` opens the confirmation (`deleting` is the row), `confirm()`
 * deletes it, says so, closes and calls `onDeleted` (a paged list steps back from a page it emptied);
 * a refusal is notified under `errorId` and the dialog stays open.
 */
export function useConfirmedDelete<T extends { id: number }>(mutation: DeleteMutation, errorId: string, onDeleted?: () => void) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState<T | null>(null);
  const confirm = () => {
    if (!deleting) return;
    mutation.mutate(deleting.id, {
      onSuccess: () => {
        notifySuccess(t('common.deleted'));
        setDeleting(null);
        onDeleted?.();
      },
      onError: (error) => notifyApiError(error, errorId),
    });
  };
  return { deleting, ask: (row: T) => setDeleting(row), cancel: () => setDeleting(null), confirm, pending: mutation.isPending };
}
