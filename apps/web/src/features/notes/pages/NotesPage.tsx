import type { ListNotesQuery, NoteListItem } from '@conversa/shared';
import { Button, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { chatPath } from '../../../app/paths';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { ListPageHeader } from '../../../components/ListPageHeader';
import { RecordFilterBar, RecordPager, useRecordFilters, type RecordFilterValues } from '../../../components/RecordFilters';
import { formatDateTime } from '../../../lib/format';
import { useAllUsers } from '../../users/api';
import { useNotes } from '../api';

interface Filters extends RecordFilterValues {
  userId: string | null;
}

const EMPTY: Filters = { searchParam: '', userId: null, dateFrom: '', dateTo: '' };

/** /notas: the internal notes of the tickets the user may see, searched by text or contact, author and day. */
export function NotesPage() {
  const { t } = useTranslation();
  const users = useAllUsers();
  const state = useRecordFilters<Filters>(EMPTY);
  const { filters, change, pageNumber } = state;
  const query: ListNotesQuery = { ...state.query, userId: filters.userId ? Number(filters.userId) : undefined };
  const notes = useNotes(query);

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
      <RecordFilterBar
        testId="notes"
        searchLabel={t('records.notes.search')}
        state={state}
        total={notes.data?.count}
        cols={{ base: 1, sm: 2, lg: 4 }}
      >
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
      </RecordFilterBar>
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
      <RecordPager testId="notes" page={pageNumber} hasMore={notes.data?.hasMore} onChange={state.setPageNumber} />
    </Stack>
  );
}
