import { REPORT_NAMES } from '@conversa/shared';
import { Select, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';

/** /relatorios (SPEC §2): its seven reports as children; the picker goes from one to another. */
export function ReportsLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active = pathname.split('/').filter(Boolean)[1] ?? null;
  return (
    <Stack data-testid="reports-page">
      <Title order={2}>{t('reports.title')}</Title>
      <Select
        label={t('reports.choose')}
        maw={420}
        data={REPORT_NAMES.map((name) => ({ value: name, label: t(`reports.names.${name}`) }))}
        value={active}
        allowDeselect={false}
        onChange={(value) => value && void navigate(`/relatorios/${value}`)}
        data-testid="report-picker"
      />
      <Outlet />
    </Stack>
  );
}
