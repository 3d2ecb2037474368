import { formatBirthday, type BirthdayContact, type BirthdayPeriod } from '@conversa/shared';
import { Badge, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconCake } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { ListPageHeader } from '../../../components/ListPageHeader';
import { PageControls } from '../../../components/PageControls';
import { formatDateTime } from '../../../lib/format';
import { useBirthdays } from '../api';
import { SendBirthdayModal } from '../components/SendBirthdayModal';

/** /aniversarios (supervisors and admins): today's and this month's birthdays, whether this year's message went, and a manual send by channel. */
export function BirthdaysPage() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<BirthdayPeriod>('today');
  const [pageNumber, setPageNumber] = useState(1);
  const [sending, setSending] = useState<BirthdayContact | null>(null);
  const birthdays = useBirthdays({ period, pageNumber });

  const columns: DataColumn<BirthdayContact>[] = [
    {
      key: 'contact',
      header: t('birthdays.contact'),
      primary: true,
      render: (row) => `${row.name}${row.number ? ` · ${row.number}` : ''}`,
    },
    { key: 'birthday', header: t('birthdays.birthday'), render: (row) => formatBirthday(row.birthday) },
    { key: 'age', header: t('birthdays.age'), render: (row) => (row.age === null ? '' : String(row.age)) },
    {
      key: 'status',
      header: t('birthdays.status'),
      render: (row) =>
        row.greetedAt ? (
          <Badge size="sm" color="teal" data-testid={`birthday-greeted-${row.id}`}>
            {t('birthdays.greetedAt', { date: formatDateTime(row.greetedAt) })}
          </Badge>
        ) : (
          <Badge size="sm" color="gray" variant="light">
            {t('birthdays.notGreeted')}
          </Badge>
        ),
    },
  ];

  return (
    <Stack data-testid="birthdays-page">
      <ListPageHeader title={t('birthdays.title')} description={t('birthdays.help')} query={birthdays} />
      <Group justify="space-between" wrap="wrap">
        <SegmentedControl
          value={period}
          onChange={(value) => {
            setPeriod(value);
            setPageNumber(1);
          }}
          data={[
            { value: 'today', label: t('birthdays.today') },
            { value: 'month', label: t('birthdays.month') },
          ]}
          data-testid="birthdays-period"
        />
        <Text size="sm" c="dimmed" data-testid="birthdays-total">
          {t('birthdays.total', { count: birthdays.data?.count ?? 0 })}
        </Text>
      </Group>
      <DataTable
        testId="birthdays-table"
        rows={birthdays.data?.contacts}
        rowKey={(row) => row.id}
        rowTestId={(row) => `birthday-${row.id}`}
        columns={columns}
        minWidth={560}
        actions={(row) => (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconCake size={14} />}
            onClick={() => setSending(row)}
            disabled={row.greetedAt !== null}
            data-testid={`birthday-send-${row.id}`}
          >
            {t('birthdays.send')}
          </Button>
        )}
      />
      {(pageNumber > 1 || birthdays.data?.hasMore) && (
        <Group justify="center">
          <PageControls page={pageNumber} hasMore={birthdays.data?.hasMore ?? false} onChange={setPageNumber} testId="birthdays" />
        </Group>
      )}
      {sending && <SendBirthdayModal contact={sending} onClose={() => setSending(null)} />}
    </Stack>
  );
}
