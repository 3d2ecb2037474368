import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <Stack align="center" py="xl" data-testid="forbidden-page">
      <Title order={2}>{t('forbidden.title')}</Title>
      <Text c="dimmed">{t('forbidden.description')}</Text>
      <Button component={Link} to="/">
        {t('notFound.home')}
      </Button>
    </Stack>
  );
}
