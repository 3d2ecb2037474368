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

/**
 * `onConfirm` once per intent: the caller's `loading` reaches the button only a tick after the click
 * (its mutation's state is published asynchronously), so a double click would confirm twice — a
 * ticket resolved twice, its farewell sent twice. After a click it accepted, the button takes none
 * until the `loading` that click started has come and gone (a refused action can be confirmed
 * again), the dialog's fields are touched (`release`: a field the action found missing, now filled)
 * or the dialog is opened again. A caller without `loading` closes the dialog on confirm: one click
 * per opening, none while it closes (its exit transition still shows the button).
 */
function useConfirmOnce(onConfirm: () => void, loading: boolean, opened: boolean): { confirm: () => void; release: () => void } {
  const accepted = useRef(false);
  const sawLoading = useRef(false);
  useEffect(() => {
    if (loading) sawLoading.current = true;
    else if (sawLoading.current) {
      sawLoading.current = false;
      accepted.current = false;
    }
  }, [loading]);
  useEffect(() => {
    if (opened) {
      accepted.current = false;
      sawLoading.current = false;
    }
  }, [opened]);
  return {
    confirm: () => {
      if (!opened || accepted.current) return;
      accepted.current = true;
      onConfirm();
    },
    release: () => {
      if (!sawLoading.current) accepted.current = false;
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
