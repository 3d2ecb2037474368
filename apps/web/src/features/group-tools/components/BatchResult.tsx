import { Badge, Group, Progress, Stack, Table, Text } from '@mantine/core';
import type { GroupAction } from '@conversa/shared';
import { useTranslation } from 'react-i18next';
import { useGroupBatch } from '../api';

/** One item's status, and why it failed. */
export function ActionStatus({ action }: { action: Pick<GroupAction, 'status' | 'reason'> }) {
  const { t } = useTranslation();
  const color = action.status === 'done' ? 'teal' : action.status === 'failed' ? 'red' : 'gray';
  return (
    <Badge color={color} variant="light">
      {t(`groupTools.status.${action.status}`)}
      {action.status === 'failed' && action.reason ? ` · ${t(`groupTools.reason.${action.reason}`)}` : ''}
    </Badge>
  );
}

/** A bulk action's live progress and its result per group (and number). */
export function BatchResult({ batchId }: { batchId: number }) {
  const { t } = useTranslation();
  const { data } = useGroupBatch(batchId);
  if (!data) return null;
  const finished = data.done + data.failed;
  return (
    <Stack gap="xs" data-testid="group-batch-result">
      <Group justify="space-between">
        <Text fw={600}>{data.status === 'finished' ? t('groupTools.batchFinished') : t('groupTools.batchRunning')}</Text>
        <Text size="sm" data-testid="group-batch-counts">
          {t('groupTools.batchCounts', { done: data.done, failed: data.failed, total: data.total })}
        </Text>
      </Group>
      <Progress value={data.total ? (finished * 100) / data.total : 0} />
      <Table.ScrollContainer minWidth={320}>
        <Table>
          <Table.Tbody>
            {data.items.map((item) => (
              <Table.Tr key={item.id} data-testid={`group-batch-item-${item.id}`}>
                <Table.Td>{item.groupSubject ?? item.groupJid}</Table.Td>
                <Table.Td>{item.target ?? ''}</Table.Td>
                <Table.Td>
                  <ActionStatus action={item} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
