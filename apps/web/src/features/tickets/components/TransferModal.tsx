import type { Ticket } from '@conversa/shared';
import { Alert, Button, Group, Modal, Select, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useQueues } from '../../queues/api';
import { useAllUsers } from '../../users/api';
import { useUpdateTicket } from '../api';
import { leftView, ticketLeftView } from '../ticket-events';
import { tabOf, useTicketTab } from '../ticket-tab';

/** Transfer to a queue and/or a user (SPEC §4); the server refuses the same user or queue. */
export function TransferModal({ ticket, onClose }: { ticket: Ticket; onClose: () => void }) {
  const { t } = useTranslation();
  const queues = useQueues();
  const users = useAllUsers();
  const update = useUpdateTicket();
  const qc = useQueryClient();
  const [, setTab] = useTicketTab();
  const [queueId, setQueueId] = useState<string | null>(null);
  const [userId, setUserId] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const queue = queues.data?.find((q) => String(q.id) === queueId);
  // With a queue chosen, the users offered are its members.
  const userOptions = (users.data ?? [])
    .filter((u) => !queue || queue.userIds.includes(u.id))
    .map((u) => ({ value: String(u.id), label: u.name }));

  const submit = () => {
    setFormError(null);
    if (!queueId && !userId) {
      setFormError(t('tickets.transfer.required'));
      return;
    }
    update.mutate(
      {
        id: ticket.id,
        update: { isTransference: true, ...(queueId ? { queueId: Number(queueId) } : {}), ...(userId ? { userId: Number(userId) } : {}) },
      },
      {
        onSuccess: (updated) => {
          onClose();
          // Gone to a queue the user is not in: told where, and the chat closes; else the list shows it where it is now.
          if (leftView(qc, ticket, updated)) {
            ticketLeftView(qc, updated, true);
            return;
          }
          notifySuccess(t('tickets.transfer.done'));
          setTab(tabOf(updated));
        },
        onError: (error) => {
          setFormError(errorMessage(error));
          notifyApiError(error, 'ticket-transfer-error');
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('tickets.transfer.title')} centered data-testid="transfer-modal">
      <Stack>
        <Select
          label={t('tickets.transfer.queue')}
          data={(queues.data ?? []).map((q) => ({ value: String(q.id), label: q.name }))}
          value={queueId}
          onChange={(value) => {
            setQueueId(value);
            setUserId(null);
          }}
          clearable
          searchable
          data-testid="transfer-queue"
        />
        <Select
          label={t('tickets.transfer.user')}
          data={userOptions}
          value={userId}
          onChange={setUserId}
          clearable
          searchable
          nothingFoundMessage={t('common.noRecords')}
          data-testid="transfer-user"
        />
        {formError && (
          <Alert color="red" data-testid="transfer-error">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} loading={update.isPending} data-testid="transfer-save">
            {t('tickets.transfer.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
