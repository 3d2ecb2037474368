import { Box, Button, Group, Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface FigureColumn<T> {
  key: string;
  header: string;
  render: (row: T) => string;
  /** Numbers are right-aligned. */
  numeric?: boolean;
}

interface FigureTableProps<T> {
  caption: string;
  columns: FigureColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  testId: string;
}

/** The figures behind a chart, as a table (what screen readers and tests read). */
export function FigureTable<T>({ caption, columns, rows, rowKey, testId }: FigureTableProps<T>) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={columns.length > 3 ? 520 : 280}>
      <Table striped withTableBorder data-testid={testId} fz="sm">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.key} scope="col" ta={column.numeric ? 'right' : undefined}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>{t('dashboard.noData')}</Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row) => (
              <Table.Tr key={rowKey(row)} data-testid={`${testId}-row-${rowKey(row)}`}>
                {columns.map((column, index) =>
                  index === 0 ? (
                    <Table.Th key={column.key} scope="row" fw={500}>
                      {column.render(row)}
                    </Table.Th>
                  ) : (
                    <Table.Td key={column.key} ta={column.numeric ? 'right' : undefined}>
                      {column.render(row)}
                    </Table.Td>
                  ),
                )}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface ChartPanelProps {
  title: string;
  /** data-testid of the panel ("dashboard-chart-<key>"). */
  testId: string;
  /** Nothing to draw: a line of text in the chart's place. */
  empty: boolean;
  chart: ReactNode;
  /** The same figures as a table: visually hidden under the chart, or in its place when asked. */
  table: ReactNode;
}

/**
 * A chart with its figures as a table. The chart is a picture for the eyes (hidden from screen
 * readers); the table is always in the page (visually hidden) and a button shows it instead of the
 * chart.
 */
export function ChartPanel({ title, testId, empty, chart, table }: ChartPanelProps) {
  const { t } = useTranslation();
  const [asTable, setAsTable] = useState(false);
  return (
    <Paper withBorder p="md" data-testid={testId} style={{ minWidth: 0 }}>
      <Group justify="space-between" wrap="nowrap" mb="sm" gap="xs">
        <Title order={3} size="h5">
          {title}
        </Title>
        <Button
          variant="subtle"
          size="compact-xs"
          aria-pressed={asTable}
          onClick={() => setAsTable((value) => !value)}
          data-testid={`${testId}-toggle`}
        >
          {asTable ? t('dashboard.showChart') : t('dashboard.showTable')}
        </Button>
      </Group>
      {asTable ? (
        table
      ) : (
        <>
          {empty ? (
            <Text c="dimmed" size="sm" py="xl" ta="center">
              {t('dashboard.noData')}
            </Text>
          ) : (
            <Box aria-hidden data-testid={`${testId}-graphic`}>
              {chart}
            </Box>
          )}
          <VisuallyHidden>{table}</VisuallyHidden>
        </>
      )}
    </Paper>
  );
}
