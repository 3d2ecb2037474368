import { MASS_SEND_KINDS, type MassSendKind } from '@conversa/shared';
import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PATHS } from '../../../app/paths';
import { MassSendForm } from '../components/MassSendForm';
import { MassSendList } from '../components/MassSendList';

/** SPEC §2's children of /massa, in its order. */
const TABS: readonly MassSendKind[] = MASS_SEND_KINDS;

/** /massa (SPEC §2, every profile): a tab per kind of mass send, then the list of mass sends with their progress. */
export function MassSendLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active = pathname.split('/')[2] ?? 'template';

  return (
    <Stack data-testid="mass-sends-page">
      <Title order={2}>{t('massSends.title')}</Title>
      <Text c="dimmed">{t('massSends.intro')}</Text>
      <Tabs
        value={active}
        onChange={(value) => {
          if (value) void navigate(`${PATHS.massSends}/${value}`);
        }}
      >
        <Tabs.List style={{ flexWrap: 'wrap' }}>
          {TABS.map((kind) => (
            <Tabs.Tab key={kind} value={kind} data-testid={`mass-send-tab-${kind}`}>
              {t(`massSends.tabs.${kind}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
      <MassSendList />
    </Stack>
  );
}

/** One tab's form: the kind is the route's last segment. */
export function MassSendTab() {
  const { pathname } = useLocation();
  const kind = TABS.find((tab) => pathname.endsWith(`/${tab}`)) ?? 'template';
  return <MassSendForm key={kind} kind={kind} />;
}
