import { Alert, Card, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/useSession';
import { useMe } from '../api';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import { PreferencesForm } from '../components/PreferencesForm';
import { ProfileDetailsForm } from '../components/ProfileDetailsForm';

/** Every user's own page (/perfil): name, e-mail, password, language, dark mode, notification sound. */
export function ProfilePage() {
  const { t } = useTranslation();
  const session = useSession();
  const me = useMe(session?.userId ?? null);

  if (!session) return null;
  if (me.isError) return <Alert color="red">{t('common.loadError')}</Alert>;
  if (!me.data) return <Loader />;
  return (
    <Stack maw={960} data-testid="profile-page">
      <Title order={2}>{t('profile.title')}</Title>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder>
          <Stack>
            <Title order={4}>{t('profile.details')}</Title>
            <ProfileDetailsForm key={`${me.data.name}|${me.data.email}`} user={me.data} />
          </Stack>
        </Card>
        <Card withBorder>
          <Stack>
            <Title order={4}>{t('profile.password')}</Title>
            <Text size="sm" c="dimmed">
              {t('profile.passwordHint')}
            </Text>
            <ChangePasswordForm userId={me.data.id} />
          </Stack>
        </Card>
        <Card withBorder>
          <Stack>
            <Title order={4}>{t('profile.preferences')}</Title>
            <PreferencesForm userId={me.data.id} configs={session.configs} />
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
