import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmModalProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  /** Red by default: most confirmations guard a destructive action. */
  confirmColor?: string;
  loading?: boolean;
  /** Extra fields shown under the message (e.g. a farewell message). */
  children?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
}

/** A confirmation without `loading` takes no second click for this long (a double click). */
const REPEAT_GUARD_MS = 1000;

/**
 * `onConfirm` once per intent: the caller's `loading` reaches the button only a tick after the click
 * (its mutation's state is published asynchronously), so a double click would confirm twice — a
 * ticket resolved twice, its farewell sent twice. A click is ignored until the `loading` it started
 * has come and gone (a refused action can be confirmed again), or for a second where the action
 * has no `loading`; touching the dialog's fields (`release`: a field the action found missing,
 * now filled) or reopening it starts afresh.
 */
function useConfirmOnce(onConfirm: () => void, loading: boolean, opened: boolean): { confirm: () => void; release: () => void } {
  const acceptedAt = useRef<number | null>(null);
  const sawLoading = useRef(false);
  useEffect(() => {
    if (loading) sawLoading.current = true;
    else if (sawLoading.current) {
      sawLoading.current = false;
      acceptedAt.current = null;
    }
  }, [loading]);
  useEffect(() => {
    if (!opened) {
      acceptedAt.current = null;
      sawLoading.current = false;
    }
  }, [opened]);
  return {
    confirm: () => {
      const now = Date.now();
      if (acceptedAt.current !== null && (sawLoading.current || now - acceptedAt.current < REPEAT_GUARD_MS)) return;
      acceptedAt.current = now;
      onConfirm();
    },
    release: () => {
      if (!sawLoading.current) acceptedAt.current = null;
    },
  };
}

/** Every destructive action asks here first (through ConfirmModal, which loads this on demand). */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  confirmColor = 'red',
  loading,
  children,
  onConfirm,
  onClose,
}: ConfirmModalProps) {
  const { t } = useTranslation();
  const { confirm, release } = useConfirmOnce(onConfirm, loading === true, opened);
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered data-testid="confirm-modal">
      {/* A long name without spaces (a contact's, a campaign's) wraps instead of running out of the dialog. */}
      <Text mb="lg" style={{ overflowWrap: 'anywhere' }}>
        {message}
      </Text>
      {children && (
        <div onPointerDownCapture={release} onKeyDownCapture={release}>
          {children}
        </div>
      )}
      <Group justify="flex-end" mt={children ? 'lg' : undefined}>
        <Button variant="default" onClick={onClose} disabled={loading}>
          {t('common.cancel')}
        </Button>
        <Button color={confirmColor} onClick={confirm} loading={loading} data-testid="confirm-button">
          {confirmLabel ?? t('common.delete')}
        </Button>
      </Group>
    </Modal>
  );
}
