import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { NAMED_TARGETS } from '../../../app/paths';
import { useSession } from '../../../lib/useSession';

/** /home: who is logged in. A superadmin is redirected to tenants (SPEC §2). */
export function HomePage() {
  const { t } = useTranslation();
  const session = useSession();
  if (session?.profile === 'superadmin') return <Navigate to={NAMED_TARGETS.tenants} replace />;
  if (!session) return null;

  return (
    <Stack data-testid="home-page">
      <Title order={2}>{t('home.welcome', { name: session.username })}</Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            {t('home.profile')}
          </Text>
          <Group mt={4}>
            <Badge size="lg" data-testid="home-profile">
              {t(`profiles.${session.profile}`)}
            </Badge>
          </Group>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            {t('home.tenant')}
          </Text>
          <Text fw={700} size="xl" data-testid="home-tenant">
            {session.tenantId}
          </Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            {t('home.email')}
          </Text>
          <Text fw={500} data-testid="home-email">
            {session.email}
          </Text>
        </Card>
      </SimpleGrid>
      <Text c="dimmed" size="sm">
        {t('home.comingSoon')}
      </Text>
    </Stack>
  );
}
