import { Loader, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../components/QueryError';
import { useSession } from '../../../lib/useSession';
import { useBusinessHours } from '../api';
import { AbsenceMessageForm } from '../components/AbsenceMessageForm';
import { BusinessWeekForm } from '../components/BusinessWeekForm';

/** /horario-atendimento (SPEC §2): the week, the absence message and its repeats. Supervisors and admins; the time zone and the repeats are the admins'. */
export function BusinessHoursPage() {
  const { t } = useTranslation();
  const session = useSession();
  const isAdmin = session?.profile === 'admin' || session?.profile === 'superadmin';
  const hours = useBusinessHours();

  return (
    <Stack data-testid="business-hours-page">
      <Title order={2}>{t('businessHours.title')}</Title>
      {hours.isPending && <Loader />}
      {hours.isError && <QueryError error={hours.error} onRetry={() => void hours.refetch()} />}
      {hours.data && (
        <>
          <BusinessWeekForm data={hours.data} canChangeTimeZone={isAdmin} />
          <AbsenceMessageForm message={hours.data.messageBusinessHours} canChangeSettings={isAdmin} />
        </>
      )}
    </Stack>
  );
}
