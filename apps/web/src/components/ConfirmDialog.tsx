import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
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
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered data-testid="confirm-modal">
      <Text mb="lg">{message}</Text>
      {children}
      <Group justify="flex-end" mt={children ? 'lg' : undefined}>
        <Button variant="default" onClick={onClose} disabled={loading}>
          {t('common.cancel')}
        </Button>
        <Button color={confirmColor} onClick={onConfirm} loading={loading} data-testid="confirm-button">
          {confirmLabel ?? t('common.delete')}
        </Button>
      </Group>
    </Modal>
  );
}
