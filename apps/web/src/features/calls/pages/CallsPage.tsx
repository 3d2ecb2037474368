import { CALL_STATUSES, type Call, type CallListQuery } from '@conversa/shared/calls';
import { Alert, Badge, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { ListPageHeader } from '../../../components/ListPageHeader';
import { RecordPager } from '../../../components/RecordFilters';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/useSession';
import { formatDuration, useCalls } from '../api';
import { Softphone } from '../components/Softphone';

const ADMIN_PROFILES = ['admin', 'superadmin'];

/**
 * /wavoip (SPEC §2): the softphone, and for admins the company's call list (caller, receiver, date,
 * duration, status, direction) with filters and pages. A user with the softphone blocked
 * (blockWavoip) sees neither.
 */
export function CallsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const isAdmin = ADMIN_PROFILES.includes(session?.profile ?? '');
  const blocked = session?.blockWavoip === true;
  const [direction, setDirection] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [phoneInput, setPhoneInput] = useState('');
  const [phone] = useDebouncedValue(phoneInput.replace(/\D/g, ''), 300);
  const [page, setPage] = useState(1);
  const query: Partial<CallListQuery> = {
    page,
    direction: (direction ?? undefined) as CallListQuery['direction'],
    status: (status ?? undefined) as CallListQuery['status'],
    phone: phone || undefined,
  };
  const calls = useCalls(query, isAdmin && !blocked);

  if (blocked) {
    return (
      <Stack data-testid="calls-page">
        <ListPageHeader title={t('calls.title')} description={t('calls.help')} />
        <Alert color="yellow" data-testid="calls-blocked">
          {t('calls.blocked')}
        </Alert>
      </Stack>
    );
  }

  const columns: DataColumn<Call>[] = [
    { key: 'caller', header: t('calls.caller'), primary: true, render: (row) => row.caller },
    { key: 'receiver', header: t('calls.receiver'), render: (row) => row.receiver },
    { key: 'date', header: t('calls.date'), render: (row) => formatDateTime(row.startedAt) },
    { key: 'duration', header: t('calls.duration'), render: (row) => formatDuration(row.duration) },
    {
      key: 'status',
      header: t('calls.statusLabel'),
      render: (row) => (
        <Badge size="xs" variant="light">
          {t(`calls.status.${row.status}`)}
        </Badge>
      ),
    },
    { key: 'direction', header: t('calls.directionLabel'), render: (row) => t(`calls.direction.${row.direction}`) },
    { key: 'user', header: t('calls.user'), render: (row) => row.userName ?? '' },
  ];
  const change = (apply: () => void) => {
    apply();
    setPage(1);
  };

  return (
    <Stack data-testid="calls-page">
      <ListPageHeader title={t('calls.title')} description={t('calls.help')} query={isAdmin ? calls : undefined} />
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Softphone />
        {isAdmin && (
          <Stack style={{ flex: 1, minWidth: 0 }} w="100%" maw="100%">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Select
                label={t('calls.directionLabel')}
                clearable
                data={(['incoming', 'outgoing'] as const).map((value) => ({ value, label: t(`calls.direction.${value}`) }))}
                value={direction}
                onChange={(value) => change(() => setDirection(value))}
                data-testid="calls-filter-direction"
              />
              <Select
                label={t('calls.statusLabel')}
                clearable
                data={CALL_STATUSES.map((value) => ({ value, label: t(`calls.status.${value}`) }))}
                value={status}
                onChange={(value) => change(() => setStatus(value))}
                data-testid="calls-filter-status"
              />
              <TextInput
                label={t('calls.phoneFilter')}
                inputMode="tel"
                value={phoneInput}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  change(() => setPhoneInput(value));
                }}
                data-testid="calls-filter-phone"
              />
            </SimpleGrid>
            <DataTable
              testId="calls-table"
              rows={calls.data?.calls}
              rowKey={(row) => row.id}
              rowTestId={(row) => `call-${row.id}`}
              columns={columns}
            />
            <RecordPager testId="calls" page={page} hasMore={calls.data?.hasMore} onChange={setPage} />
          </Stack>
        )}
      </Group>
    </Stack>
  );
}
