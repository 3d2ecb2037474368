import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface PageControlsProps {
  page: number;
  hasMore: boolean;
  onChange: (page: number) => void;
  /** Prefix of the buttons' test ids: `<prefix>-prev`, `<prefix>-next`. */
  testId?: string;
}

/** Previous / page n / next, for lists the server pages (`pageNumber`, `hasMore`). */
export function PageControls({ page, hasMore, onChange, testId }: PageControlsProps) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onChange(page - 1)} data-testid={testId && `${testId}-prev`}>
        {t('common.previous')}
      </Button>
      <Text size="sm">{t('common.page', { page })}</Text>
      <Button variant="default" size="xs" disabled={!hasMore} onClick={() => onChange(page + 1)} data-testid={testId && `${testId}-next`}>
        {t('common.next')}
      </Button>
    </Group>
  );
}
