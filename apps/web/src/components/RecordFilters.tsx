import { Group, Paper, SimpleGrid, Text, TextInput, type SimpleGridProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageControls } from './PageControls';

/** What every record list (notes, protocols…) filters by: a search and a range of days (yyyy-MM-dd, both included). */
export interface RecordFilterValues {
  searchParam: string;
  dateFrom: string;
  dateTo: string;
}

/**
 * A record list's filters and page: a change of any filter goes back to the first page; the search
 * is sent 300 ms after typing stops; a range whose end comes before its start is shown as an error
 * and its end is not sent. `query` holds the search, days and page as the API takes them.
 */
export function useRecordFilters<F extends RecordFilterValues>(empty: F) {
  const [filters, setFilters] = useState<F>(empty);
  const [pageNumber, setPageNumber] = useState(1);
  const [search] = useDebouncedValue(filters.searchParam.trim(), 300);
  const invalidRange = filters.dateFrom !== '' && filters.dateTo !== '' && filters.dateFrom > filters.dateTo;
  const change = (next: Partial<F>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPageNumber(1);
  };
  const query = {
    searchParam: search || undefined,
    dateFrom: filters.dateFrom || undefined,
    dateTo: invalidRange ? undefined : filters.dateTo || undefined,
    pageNumber,
  };
  return { filters, change, invalidRange, pageNumber, setPageNumber, query };
}

type RecordFilters<F extends RecordFilterValues> = Pick<ReturnType<typeof useRecordFilters<F>>, 'filters' | 'change' | 'invalidRange'>;

/**
 * The filter bar of a record list: the search, then `children` (the list's own filters), then the
 * days; below it the total. Test ids: `${testId}-search`, `${testId}-date-from`, `${testId}-date-to`,
 * `${testId}-total`.
 */
export function RecordFilterBar<F extends RecordFilterValues>({
  testId,
  searchLabel,
  state,
  total,
  cols,
  children,
}: {
  testId: string;
  searchLabel: string;
  state: RecordFilters<F>;
  total: number | undefined;
  cols: SimpleGridProps['cols'];
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { filters, change, invalidRange } = state;
  return (
    <>
      <Paper withBorder p="sm">
        <SimpleGrid cols={cols}>
          <TextInput
            label={searchLabel}
            leftSection={<IconSearch size={14} />}
            value={filters.searchParam}
            onChange={(event) => change({ searchParam: event.currentTarget.value } as Partial<F>)}
            data-testid={`${testId}-search`}
          />
          {children}
          <TextInput
            type="date"
            label={t('records.dateFrom')}
            value={filters.dateFrom}
            onChange={(event) => change({ dateFrom: event.currentTarget.value } as Partial<F>)}
            data-testid={`${testId}-date-from`}
          />
          <TextInput
            type="date"
            label={t('records.dateTo')}
            value={filters.dateTo}
            error={invalidRange ? t('records.invalidRange') : undefined}
            onChange={(event) => change({ dateTo: event.currentTarget.value } as Partial<F>)}
            data-testid={`${testId}-date-to`}
          />
        </SimpleGrid>
      </Paper>
      <Text size="sm" c="dimmed" data-testid={`${testId}-total`}>
        {t('records.total', { count: total ?? 0 })}
      </Text>
    </>
  );
}

/** The record list's pager, shown once there is more than one page. */
export function RecordPager({
  testId,
  page,
  hasMore,
  onChange,
}: {
  testId: string;
  page: number;
  hasMore: boolean | undefined;
  onChange: (page: number) => void;
}) {
  if (page <= 1 && !hasMore) return null;
  return (
    <Group justify="center">
      <PageControls page={page} hasMore={hasMore ?? false} onChange={onChange} testId={testId} />
    </Group>
  );
}
