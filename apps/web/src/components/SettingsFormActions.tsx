import { Alert, Button, Group } from '@mantine/core';
import { IconPlugConnected, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * The foot of a provider's settings form (AI providers, bot integrations, SMS, SMTP): the error of
 * the last save, then "remove" once the provider is set up, "test" where it has one, and "save"
 * (the form's submit). The buttons are found as `<testIdPrefix>-remove`, `-test` and `-save`.
 */
export function SettingsFormActions({
  testIdPrefix,
  formError,
  errorTestId,
  configured,
  removeLabel,
  onRemove,
  test,
  saving,
}: {
  testIdPrefix: string;
  formError: string | null;
  errorTestId: string;
  /** The provider is set up: it can be removed (after the page's confirmation). */
  configured: boolean;
  removeLabel: string;
  onRemove: () => void;
  /** A connection test of the form's values; absent for a provider without one. */
  test?: { label: string; onTest: () => void; running: boolean };
  saving: boolean;
}) {
  const { t } = useTranslation();
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
            onClick={onRemove}
            data-testid={`${testIdPrefix}-remove`}
          >
            {removeLabel}
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
    </>
  );
}
