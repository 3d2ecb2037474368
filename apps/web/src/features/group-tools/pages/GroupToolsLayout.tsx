import { Alert, Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PATHS } from '../../../app/paths';
import { GroupActionLog } from '../components/GroupActionLog';

export const GROUP_TABS = ['massagrupos', 'massagrupos2', 'massausuarios', 'banlist', 'wordlist', 'saudacao', 'despedida'] as const;

/** /grupo (SPEC §2, redirects to massagrupos): the seven group tools as child routes, and the action log. */
export function GroupToolsLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active = pathname.split('/')[2] ?? GROUP_TABS[0];
  return (
    <Stack data-testid="group-tools-page" gap="sm" style={{ minWidth: 0 }}>
      <Title order={2}>{t('groupTools.title')}</Title>
      <Alert color="yellow">{t('groupTools.banRisk')}</Alert>
      <Tabs
        value={active}
        onChange={(value) => {
          if (value) void navigate(`${PATHS.groups}/${value}`);
        }}
      >
        <Tabs.List style={{ flexWrap: 'wrap' }}>
          {GROUP_TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab} data-testid={`group-tab-${tab}`}>
              {t(`groupTools.tabs.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
      <GroupActionLog />
    </Stack>
  );
}
