import { Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';

const TABS = [
  { value: 'listar', labelKey: 'ratings.tabs.list' },
  { value: 'configurar', labelKey: 'ratings.tabs.settings' },
] as const;

/** /avaliacoes (SPEC §2): children listar and configurar; the index redirects to listar. */
export function RatingsLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active = pathname.split('/')[2] ?? TABS[0].value;

  return (
    <Stack data-testid="ratings-page">
      <Title order={2}>{t('ratings.title')}</Title>
      <Tabs
        value={active}
        onChange={(value) => {
          if (value) void navigate(`/avaliacoes/${value}`);
        }}
      >
        <Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value} data-testid={`ratings-tab-${tab.value}`}>
              {t(tab.labelKey)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Stack>
  );
}
