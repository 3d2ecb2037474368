import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack align="center" py="xl" data-testid="not-found-page">
      <Title order={1}>404</Title>
      <Title order={2}>{t('notFound.title')}</Title>
      <Text c="dimmed">{t('notFound.description')}</Text>
      <Button component={Link} to="/">
        {t('notFound.home')}
      </Button>
    </Stack>
  );
}
