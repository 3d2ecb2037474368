import { Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PATHS } from '../../../app/paths';

const TABS = [
  { value: 'kanbans', labelKey: 'kanban.tabs.lanes' },
  { value: 'tags', labelKey: 'kanban.tabs.tags' },
] as const;

/** /kanban (SPEC §2): children kanbans (columns are the lanes) and tags (columns are the tags); the index redirects to kanbans. */
export function KanbanLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active = pathname.split('/')[2] ?? TABS[0].value;

  return (
    <Stack data-testid="kanban-page" gap="sm" style={{ minWidth: 0 }}>
      <Title order={2}>{t('kanban.title')}</Title>
      <Tabs
        value={active}
        onChange={(value) => {
          if (value) void navigate(`${PATHS.kanban}/${value}`);
        }}
      >
        <Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value} data-testid={`kanban-tab-${tab.value}`}>
              {t(tab.labelKey)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Stack>
  );
}
