import type { ReportPage } from '@conversa/shared';
import { ScrollArea, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../report-form';

type Column = ReportPage['columns'][number];
type Cell = string | number | null;

/** Text columns whose values are codes, shown by their name in the reader's language (the channel types' names are the channel screens'). */
const CODE_TEXTS: Record<string, string> = { status: 'reports.statuses', channel: 'channels.types' };

/** How a report's cell reads on screen and on paper: dates and numbers in the reader's locale, durations as H:MM:SS, codes by name. */
export function useReportCell(): (column: Column, value: Cell | undefined) => string {
  const { t, i18n } = useTranslation();
  return (column, value) => {
    if (value === null || value === undefined) return '';
    switch (column.type) {
      case 'date':
        return new Date(String(value)).toLocaleString(i18n.language);
      case 'duration':
        return formatDuration(Number(value));
      case 'number':
        return Number(value).toLocaleString(i18n.language);
      default:
        return Object.hasOwn(CODE_TEXTS, column.key)
          ? t(`${CODE_TEXTS[column.key]}.${String(value)}`, { defaultValue: String(value) })
          : String(value);
    }
  };
}

/** A report's rows as a table whose columns sort on click (asc, then desc); it scrolls sideways on narrow screens. */
export function ReportTable({
  page,
  sort,
  order,
  onSort,
}: {
  page: ReportPage;
  sort: string | undefined;
  order: 'asc' | 'desc';
  onSort: (key: string, order: 'asc' | 'desc') => void;
}) {
  const { t } = useTranslation();
  const show = useReportCell();
  return (
    <ScrollArea type="auto" data-testid="report-table-scroll">
      <Table striped highlightOnHover miw={page.columns.length * 120} data-testid="report-table">
        <Table.Thead>
          <Table.Tr>
            {page.columns.map((column) => {
              const active = sort === column.key;
              const Icon = active ? (order === 'asc' ? IconArrowUp : IconArrowDown) : IconArrowsSort;
              const title = t(`reports.columns.${column.key}`);
              return (
                <Table.Th key={column.key} aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
                  <UnstyledButton
                    onClick={() => onSort(column.key, active && order === 'asc' ? 'desc' : 'asc')}
                    aria-label={t('reports.sortBy', { column: title })}
                    data-testid={`report-sort-${column.key}`}
                    style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 600 }}
                  >
                    {title}
                    <Icon size={14} aria-hidden />
                  </UnstyledButton>
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {page.rows.map((row, index) => (
            <Table.Tr key={index} data-testid="report-row">
              {page.columns.map((column) => (
                <Table.Td
                  key={column.key}
                  style={{ whiteSpace: column.key === 'notes' || column.key === 'lastMessage' ? 'normal' : 'nowrap' }}
                >
                  {show(column, row[column.key])}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {page.rows.length === 0 && (
        <Text c="dimmed" ta="center" py="md">
          {t('common.noRecords')}
        </Text>
      )}
    </ScrollArea>
  );
}
