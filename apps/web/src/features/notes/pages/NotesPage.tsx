import type { ListNotesQuery, NoteListItem } from '@conversa/shared';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
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
import { useAllUsers } from '../../users/api';
import { useNotes } from '../api';

interface Filters {
  searchParam: string;
  userId: string | null;
  dateFrom: string;
  dateTo: string;
}

const EMPTY: Filters = { searchParam: '', userId: null, dateFrom: '', dateTo: '' };

/** /notas: the internal notes of the tickets the user may see, searched by text or contact, author and day. */
export function NotesPage() {
  const { t } = useTranslation();
  const users = useAllUsers();
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [pageNumber, setPageNumber] = useState(1);
  const [search] = useDebouncedValue(filters.searchParam.trim(), 300);
  const invalidRange = filters.dateFrom !== '' && filters.dateTo !== '' && filters.dateFrom > filters.dateTo;
  const query: ListNotesQuery = {
    searchParam: search || undefined,
    userId: filters.userId ? Number(filters.userId) : undefined,
    dateFrom: filters.dateFrom || undefined,
    dateTo: invalidRange ? undefined : filters.dateTo || undefined,
    pageNumber,
  };
  const notes = useNotes(query);
  const change = (next: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPageNumber(1);
  };

  const columns: DataColumn<NoteListItem>[] = [
    {
      key: 'note',
      header: t('records.notes.note'),
      primary: true,
      render: (row) => (
        <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }} data-testid={`note-row-text-${row.id}`}>
          {row.note}
        </Text>
      ),
    },
    { key: 'contact', header: t('records.notes.contact'), render: (row) => `${row.contact.name} · #${row.ticketId}` },
    { key: 'protocol', header: t('records.protocols.protocol'), render: (row) => row.protocol ?? '' },
    { key: 'author', header: t('records.notes.author'), render: (row) => row.username ?? t('records.notes.unknownAuthor') },
    { key: 'date', header: t('records.notes.date'), render: (row) => formatDateTime(row.createdAt) },
  ];

  return (
    <Stack data-testid="notes-page">
      <ListPageHeader title={t('records.notes.title')} description={t('records.notes.help')} query={notes} />
      <Paper withBorder p="sm">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          <TextInput
            label={t('records.notes.search')}
            leftSection={<IconSearch size={14} />}
            value={filters.searchParam}
            onChange={(event) => change({ searchParam: event.currentTarget.value })}
            data-testid="notes-search"
          />
          <Select
            label={t('records.notes.author')}
            placeholder={t('records.notes.allAuthors')}
            data={(users.data ?? []).map((u) => ({ value: String(u.id), label: u.name }))}
            value={filters.userId}
            onChange={(value) => change({ userId: value })}
            clearable
            searchable
            data-testid="notes-author"
          />
          <TextInput
            type="date"
            label={t('records.dateFrom')}
            value={filters.dateFrom}
            onChange={(event) => change({ dateFrom: event.currentTarget.value })}
            data-testid="notes-date-from"
          />
          <TextInput
            type="date"
            label={t('records.dateTo')}
            value={filters.dateTo}
            error={invalidRange ? t('records.invalidRange') : undefined}
            onChange={(event) => change({ dateTo: event.currentTarget.value })}
            data-testid="notes-date-to"
          />
        </SimpleGrid>
      </Paper>
      <Text size="sm" c="dimmed" data-testid="notes-total">
        {t('records.total', { count: notes.data?.count ?? 0 })}
      </Text>
      <DataTable
        testId="notes-table"
        rows={notes.data?.notes}
        rowKey={(row) => row.id}
        rowTestId={(row) => `note-row-${row.id}`}
        columns={columns}
        actions={(row) => (
          <Button size="xs" variant="light" component={Link} to={chatPath(row.ticketId)} data-testid={`note-open-${row.id}`}>
            {t('records.openTicket')}
          </Button>
        )}
      />
      {(pageNumber > 1 || notes.data?.hasMore) && (
        <Group justify="center">
          <PageControls page={pageNumber} hasMore={notes.data?.hasMore ?? false} onChange={setPageNumber} testId="notes" />
        </Group>
      )}
    </Stack>
  );
}
