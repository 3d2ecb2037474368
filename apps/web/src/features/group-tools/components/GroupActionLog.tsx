import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toDateTimeText } from '../../../lib/date-time';
import { useGroupActions } from '../api';
import { ActionStatus } from './BatchResult';

/** The action log (SPEC §3: user, group, WhatsApp id, date), newest first. */
export function GroupActionLog() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data } = useGroupActions(page);
  return (
    <Stack gap="xs" data-testid="group-action-log">
      <Title order={4}>{t('groupTools.log.title')}</Title>
      {data && data.actions.length === 0 && <Text c="dimmed">{t('groupTools.log.empty')}</Text>}
      <Table.ScrollContainer minWidth={360}>
        <Table>
          <Table.Tbody>
            {(data?.actions ?? []).map((action) => (
              <Table.Tr key={action.id} data-testid={`group-action-${action.id}`}>
                <Table.Td>{toDateTimeText(action.createdAt)}</Table.Td>
                <Table.Td>{t(`groupTools.action.${action.action}`)}</Table.Td>
                <Table.Td>{action.groupSubject ?? action.groupJid}</Table.Td>
                <Table.Td>{action.target ?? ''}</Table.Td>
                <Table.Td>{action.userName ?? t('groupTools.log.automatic')}</Table.Td>
                <Table.Td>
                  <ActionStatus action={action} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group>
        <Button variant="default" disabled={page === 1} onClick={() => setPage(page - 1)}>
          {t('groupTools.log.newer')}
        </Button>
        <Button variant="default" disabled={!data?.hasMore} onClick={() => setPage(page + 1)}>
          {t('groupTools.log.older')}
        </Button>
      </Group>
    </Stack>
  );
}
