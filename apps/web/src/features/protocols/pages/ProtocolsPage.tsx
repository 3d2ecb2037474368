import type { ListProtocolsQuery, Protocol } from '@conversa/shared';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { chatPath } from '../../../app/paths';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { PageControls } from '../../../components/PageControls';
import { ListPageHeader } from '../../../components/ListPageHeader';
import { formatDateTime } from '../../../lib/format';
import { useProtocols } from '../api';

interface Filters {
  searchParam: string;
  dateFrom: string;
  dateTo: string;
}

const EMPTY: Filters = { searchParam: '', dateFrom: '', dateTo: '' };
const STATUS_COLORS = { open: 'teal', pending: 'yellow', closed: 'gray', schedule: 'blue' } as const;

/** /protocolos (supervisors and admins): every ticket's protocol, searched by number or contact, by day, opening the ticket. */
export function ProtocolsPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [pageNumber, setPageNumber] = useState(1);
  const [search] = useDebouncedValue(filters.searchParam.trim(), 300);
  const invalidRange = filters.dateFrom !== '' && filters.dateTo !== '' && filters.dateFrom > filters.dateTo;
  const query: ListProtocolsQuery = {
    searchParam: search || undefined,
    dateFrom: filters.dateFrom || undefined,
    dateTo: invalidRange ? undefined : filters.dateTo || undefined,
    pageNumber,
  };
  const protocols = useProtocols(query);
  const change = (next: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPageNumber(1);
  };

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
    { key: 'contact', header: t('records.protocols.contact'), render: (row) => `${row.contact.name}${row.contact.number ? ` · ${row.contact.number}` : ''}` },
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
      <Paper withBorder p="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t('records.protocols.search')}
            leftSection={<IconSearch size={14} />}
            value={filters.searchParam}
            onChange={(event) => change({ searchParam: event.currentTarget.value })}
            data-testid="protocols-search"
          />
          <TextInput
            type="date"
            label={t('records.dateFrom')}
            value={filters.dateFrom}
            onChange={(event) => change({ dateFrom: event.currentTarget.value })}
            data-testid="protocols-date-from"
          />
          <TextInput
            type="date"
            label={t('records.dateTo')}
            value={filters.dateTo}
            error={invalidRange ? t('records.invalidRange') : undefined}
            onChange={(event) => change({ dateTo: event.currentTarget.value })}
            data-testid="protocols-date-to"
          />
        </SimpleGrid>
      </Paper>
      <Text size="sm" c="dimmed" data-testid="protocols-total">
        {t('records.total', { count: protocols.data?.count ?? 0 })}
      </Text>
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
      {(pageNumber > 1 || protocols.data?.hasMore) && (
        <Group justify="center">
          <PageControls page={pageNumber} hasMore={protocols.data?.hasMore ?? false} onChange={setPageNumber} testId="protocols" />
        </Group>
      )}
    </Stack>
  );
}
