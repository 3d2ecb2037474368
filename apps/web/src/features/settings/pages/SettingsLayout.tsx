import { Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';

/** The settings tabs that exist so far (SPEC §2 groups: General, Bots and AI, Integrations, CRM, Sessions). */
const TABS = [{ value: 'geral', labelKey: 'settings.tabs.general' }] as const;

/** /configuracoes: tabs over the settings pages; the index redirects to geral. */
export function SettingsLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active = pathname.split('/')[2] ?? TABS[0].value;

  return (
    <Stack>
      <Title order={2}>{t('settings.title')}</Title>
      <Tabs
        value={active}
        onChange={(value) => {
          if (value) void navigate(`/configuracoes/${value}`);
        }}
      >
        <Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value} data-testid={`settings-tab-${tab.value}`}>
              {t(tab.labelKey)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Stack>
  );
}
