import { Alert, Button, Group } from '@mantine/core';
import { IconPlugConnected, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyApiError, notifySuccess } from '../lib/notify';
import { ConfirmModal } from './ConfirmModal';

/** A provider's "remove": its texts and the mutation that removes its settings. */
export interface SettingsRemoval {
  /** The button's label, also the confirmation's. */
  label: string;
  title: string;
  message: string;
  /** Said once the settings are gone. */
  removed: string;
  mutation: {
    mutate(variables: undefined, options: { onSuccess: () => void; onError: (error: unknown) => void }): void;
    isPending: boolean;
  };
}

/**
 * The foot of a provider's settings form (AI providers, bot integrations, SMS, SMTP): the error of
 * the last save, then "remove" once the provider is set up (after a confirmation; its error is
 * notified as `errorTestId`), "test" where it has one, and "save" (the form's submit). The buttons
 * are found as `<testIdPrefix>-remove`, `-test` and `-save`.
 */
export function SettingsFormActions({
  testIdPrefix,
  formError,
  errorTestId,
  configured,
  remove,
  test,
  saving,
}: {
  testIdPrefix: string;
  formError: string | null;
  errorTestId: string;
  /** The provider is set up: it can be removed. */
  configured: boolean;
  remove: SettingsRemoval;
  /** A connection test of the form's values; absent for a provider without one. */
  test?: { label: string; onTest: () => void; running: boolean };
  saving: boolean;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      {formError && (
        <Alert color="red" data-testid={errorTestId}>
          {formError}
        </Alert>
      )}
      <Group justify="flex-end" gap="xs" wrap="wrap">
        {configured && (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => setConfirming(true)}
            data-testid={`${testIdPrefix}-remove`}
          >
            {remove.label}
          </Button>
        )}
        {test && (
          <Button
            variant="default"
            leftSection={<IconPlugConnected size={16} />}
            onClick={test.onTest}
            loading={test.running}
            data-testid={`${testIdPrefix}-test`}
          >
            {test.label}
          </Button>
        )}
        <Button type="submit" loading={saving} data-testid={`${testIdPrefix}-save`}>
          {t('common.save')}
        </Button>
      </Group>
      <ConfirmModal
        opened={confirming}
        title={remove.title}
        message={remove.message}
        confirmLabel={remove.label}
        loading={remove.mutation.isPending}
        onConfirm={() =>
          remove.mutation.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              notifySuccess(remove.removed);
            },
            onError: (error) => notifyApiError(error, errorTestId),
          })
        }
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
