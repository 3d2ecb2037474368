import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The row a table shows when the list is empty. */
export function EmptyTableRow({ colSpan }: { colSpan: number }) {
  const { t } = useTranslation();
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        <Text c="dimmed" ta="center">
          {t('common.noRecords')}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
