import type { Evaluation, EvaluationAverage, ListEvaluationsQuery } from '@conversa/shared';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { QueryError } from '../../../components/QueryError';
import { useQueues } from '../../queues/api';
import { useAllUsers } from '../../users/api';
import { useEvaluations } from '../api';
import { RatingBadge } from '../components/RatingBadge';

interface Filters {
  dateFrom: string;
  dateTo: string;
  userId: string | null;
  queueId: string | null;
}

const EMPTY: Filters = { dateFrom: '', dateTo: '', userId: null, queueId: null };

function toQuery(filters: Filters, pageNumber: number): ListEvaluationsQuery {
  return {
    dateFrom: filters.dateFrom || undefined,
    dateTo: filters.dateTo || undefined,
    userId: filters.userId ? Number(filters.userId) : undefined,
    queueId: filters.queueId ? Number(filters.queueId) : undefined,
    pageNumber,
  };
}

/** /avaliacoes/listar: the ratings customers gave, filtered by days, agent and queue, and each agent's average. */
export function RatingsListPage() {
  const { t, i18n } = useTranslation();
  const users = useAllUsers();
  const queues = useQueues();
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [pageNumber, setPageNumber] = useState(1);
  const evaluations = useEvaluations(toQuery(filters, pageNumber));
  const change = (next: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPageNumber(1);
  };
  const invalidRange = filters.dateFrom !== '' && filters.dateTo !== '' && filters.dateFrom > filters.dateTo;

  const columns: DataColumn<Evaluation>[] = [
    { key: 'contact', header: t('ratings.contact'), primary: true, render: (row) => `${row.contactName} · #${row.ticketId}` },
    { key: 'rating', header: t('ratings.rating'), render: (row) => <RatingBadge rating={row.rating} /> },
    { key: 'user', header: t('ratings.agent'), render: (row) => row.username ?? '' },
    { key: 'queue', header: t('ratings.queue'), render: (row) => row.queueName ?? '' },
    { key: 'attempts', header: t('ratings.attempts'), render: (row) => String(row.attempts) },
    { key: 'date', header: t('ratings.date'), render: (row) => new Date(row.ratedAt).toLocaleString(i18n.language) },
  ];
  const averageColumns: DataColumn<EvaluationAverage>[] = [
    { key: 'user', header: t('ratings.agent'), primary: true, render: (row) => row.username ?? t('ratings.noAgent') },
    {
      key: 'average',
      header: t('ratings.average'),
      render: (row) => row.average.toLocaleString(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    },
    { key: 'count', header: t('ratings.count'), render: (row) => String(row.count) },
  ];

  return (
    <Stack>
      <Paper withBorder p="sm">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          <TextInput
            type="date"
            label={t('ratings.dateFrom')}
            value={filters.dateFrom}
            onChange={(event) => change({ dateFrom: event.currentTarget.value })}
            data-testid="ratings-date-from"
          />
          <TextInput
            type="date"
            label={t('ratings.dateTo')}
            value={filters.dateTo}
            error={invalidRange ? t('ratings.invalidRange') : undefined}
            onChange={(event) => change({ dateTo: event.currentTarget.value })}
            data-testid="ratings-date-to"
          />
          <Select
            label={t('ratings.agent')}
            placeholder={t('ratings.allAgents')}
            data={(users.data ?? []).map((u) => ({ value: String(u.id), label: u.name }))}
            value={filters.userId}
            onChange={(value) => change({ userId: value })}
            clearable
            searchable
            data-testid="ratings-agent"
          />
          <Select
            label={t('ratings.queue')}
            placeholder={t('ratings.allQueues')}
            data={(queues.data ?? []).map((q) => ({ value: String(q.id), label: q.name }))}
            value={filters.queueId}
            onChange={(value) => change({ queueId: value })}
            clearable
            searchable
            data-testid="ratings-queue"
          />
        </SimpleGrid>
      </Paper>
      {evaluations.isError && <QueryError error={evaluations.error} onRetry={() => void evaluations.refetch()} />}
      <Text fw={600}>{t('ratings.averages')}</Text>
      <DataTable
        testId="ratings-averages"
        rows={evaluations.data?.averages}
        rowKey={(row) => row.userId ?? 0}
        rowTestId={(row) => `ratings-average-${row.userId ?? 0}`}
        columns={averageColumns}
        minWidth={360}
      />
      <Text fw={600}>{t('ratings.list', { total: evaluations.data?.count ?? 0 })}</Text>
      <DataTable
        testId="ratings-table"
        rows={evaluations.data?.evaluations}
        rowKey={(row) => row.id}
        rowTestId={(row) => `rating-${row.id}`}
        columns={columns}
      />
      {(pageNumber > 1 || evaluations.data?.hasMore) && (
        <Group justify="center">
          <Button
            variant="default"
            size="xs"
            disabled={pageNumber <= 1}
            onClick={() => setPageNumber((page) => page - 1)}
            data-testid="ratings-prev"
          >
            {t('ratings.previous')}
          </Button>
          <Text size="sm">{pageNumber}</Text>
          <Button
            variant="default"
            size="xs"
            disabled={!evaluations.data?.hasMore}
            onClick={() => setPageNumber((page) => page + 1)}
            data-testid="ratings-next"
          >
            {t('ratings.next')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
