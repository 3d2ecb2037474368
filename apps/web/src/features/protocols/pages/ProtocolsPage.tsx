import type { ListProtocolsQuery, Protocol } from '@conversa/shared';
import { Badge, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { chatPath } from '../../../app/paths';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { ListPageHeader } from '../../../components/ListPageHeader';
import { RecordFilterBar, RecordPager, useRecordFilters, type RecordFilterValues } from '../../../components/RecordFilters';
import { formatDateTime } from '../../../lib/format';
import { useProtocols } from '../api';

const EMPTY: RecordFilterValues = { searchParam: '', dateFrom: '', dateTo: '' };
const STATUS_COLORS = { open: 'teal', pending: 'yellow', closed: 'gray', schedule: 'blue' } as const;

/** /protocolos (supervisors and admins): every ticket's protocol, searched by number or contact, by day, opening the ticket. */
export function ProtocolsPage() {
  const { t } = useTranslation();
  const state = useRecordFilters(EMPTY);
  const query: ListProtocolsQuery = state.query;
  const protocols = useProtocols(query);

  const columns: DataColumn<Protocol>[] = [
    {
      key: 'protocol',
      header: t('records.protocols.protocol'),
      primary: true,
      render: (row) => (
        <Text ff="monospace" size="sm" data-testid={`protocol-number-${row.ticketId}`}>
          {row.protocol}
        </Text>
      ),
    },
    {
      key: 'contact',
      header: t('records.protocols.contact'),
      render: (row) => `${row.contact.name}${row.contact.number ? ` · ${row.contact.number}` : ''}`,
    },
    {
      key: 'status',
      header: t('records.protocols.status'),
      render: (row) => (
        <Badge size="xs" color={STATUS_COLORS[row.ticketStatus]}>
          {t(`tickets.status.${row.ticketStatus}`)}
        </Badge>
      ),
    },
    { key: 'openedBy', header: t('records.protocols.openedBy'), render: (row) => row.username ?? t('records.protocols.customerOrBot') },
    { key: 'agent', header: t('records.protocols.agent'), render: (row) => row.agentName ?? '' },
    { key: 'date', header: t('records.protocols.date'), render: (row) => formatDateTime(row.createdAt) },
  ];

  return (
    <Stack data-testid="protocols-page">
      <ListPageHeader title={t('records.protocols.title')} description={t('records.protocols.help')} query={protocols} />
      <RecordFilterBar
        testId="protocols"
        searchLabel={t('records.protocols.search')}
        state={state}
        total={protocols.data?.count}
        cols={{ base: 1, sm: 3 }}
      />
      <DataTable
        testId="protocols-table"
        rows={protocols.data?.protocols}
        rowKey={(row) => row.ticketId}
        rowTestId={(row) => `protocol-${row.ticketId}`}
        columns={columns}
        actions={(row) => (
          <Button size="xs" variant="light" component={Link} to={chatPath(row.ticketId)} data-testid={`protocol-open-${row.ticketId}`}>
            {t('records.openTicket')}
          </Button>
        )}
      />
      <RecordPager testId="protocols" page={state.pageNumber} hasMore={protocols.data?.hasMore} onChange={state.setPageNumber} />
    </Stack>
  );
}
