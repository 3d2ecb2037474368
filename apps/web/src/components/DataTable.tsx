import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../lib/useIsMobile';
import classes from './DataTable.module.css';

export interface DataColumn<T> {
  /** Unique within the table. */
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  /** The card's title on phones (default: the first column). */
  primary?: boolean;
}

interface DataTableProps<T> {
  columns: DataColumn<T>[];
  /** Undefined while loading (nothing shown); an empty array shows "no records". */
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  /** The buttons of one row: a sticky last column on wide screens, the card's footer on phones. */
  actions?: (row: T) => ReactNode;
  /** Test id of the table (or of the card list on phones). */
  testId: string;
  rowTestId?: (row: T) => string;
  /** Below this width the table scrolls sideways (its actions column stays in view). */
  minWidth?: number;
}

/**
 * The admin lists' table. Wide screens: a table that scrolls sideways when narrow, its actions
 * column pinned to the right edge. Phones: one card per row (the first column as its title, the
 * others as labelled lines, the actions below), so nothing lies outside the screen.
 */
export function DataTable<T>({ columns, rows, rowKey, actions, testId, rowTestId, minWidth = 640 }: DataTableProps<T>) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const empty = rows !== undefined && rows.length === 0;

  if (mobile) {
    const title = columns.find((column) => column.primary) ?? columns[0];
    const details = columns.filter((column) => column !== title);
    return (
      <Stack gap="sm" data-testid={testId} data-layout="cards">
        {rows?.map((row) => (
          <Paper key={rowKey(row)} withBorder p="sm" data-testid={rowTestId?.(row)}>
            {title && (
              <Text fw={600} mb={4} style={{ overflowWrap: 'anywhere' }}>
                {title.render(row)}
              </Text>
            )}
            <Stack gap={4}>
              {details.map((column) => {
                const value = column.render(row);
                // A card has room to spare only for what a row has: empty fields are left out.
                if (value === null || value === undefined || value === '') return null;
                return (
                  <Group key={column.key} gap="xs" wrap="nowrap" align="flex-start">
                    <Text size="xs" c="dimmed" w={110} style={{ flexShrink: 0 }}>
                      {column.header}
                    </Text>
                    <Text component="div" size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                      {value}
                    </Text>
                  </Group>
                );
              })}
            </Stack>
            {actions && (
              <Group gap="xs" mt="sm">
                {actions(row)}
              </Group>
            )}
          </Paper>
        ))}
        {empty && (
          <Text c="dimmed" ta="center">
            {t('common.noRecords')}
          </Text>
        )}
      </Stack>
    );
  }

  const colSpan = columns.length + (actions ? 1 : 0);
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover data-testid={testId} data-layout="table">
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.key}>{column.header}</Table.Th>
            ))}
            {actions && <Table.Th className={classes.actions}>{t('common.actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows?.map((row) => (
            <Table.Tr key={rowKey(row)} data-testid={rowTestId?.(row)}>
              {columns.map((column) => (
                <Table.Td key={column.key}>{column.render(row)}</Table.Td>
              ))}
              {actions && (
                <Table.Td className={classes.actions}>
                  <Group gap="xs" wrap="nowrap">
                    {actions(row)}
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
          {empty && (
            <Table.Tr>
              <Table.Td colSpan={colSpan}>
                <Text c="dimmed" ta="center">
                  {t('common.noRecords')}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
