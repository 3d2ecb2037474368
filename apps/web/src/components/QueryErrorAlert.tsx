import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/errors';

/** The message of a failed load, with a retry (through QueryError, which loads this when shown). */
export function QueryErrorAlert({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={t('common.loadError')} data-testid="load-error">
      {errorMessage(error)}
      {onRetry && (
        <Button variant="light" color="red" size="xs" ml="md" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      )}
    </Alert>
  );
}
