import type { Message } from '@conversa/shared';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_MAX_LENGTH } from '../../../lib/constants';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useEditMessage } from '../api';

export function EditMessageModal({ message, onClose }: { message: Message; onClose: () => void }) {
  const { t } = useTranslation();
  const edit = useEditMessage();
  const [body, setBody] = useState(message.body);

  const submit = () => {
    if (!body.trim()) return;
    edit.mutate(
      { id: message.id, body: body.trim() },
      {
        onSuccess: () => {
          notifySuccess(t('common.saved'));
          onClose();
        },
        onError: (error) => notifyApiError(error, 'message-edit-error'),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('tickets.message.editTitle')} centered data-testid="message-edit-modal">
      <Stack>
        <Textarea
          label={t('tickets.message.text')}
          value={body}
          onChange={(event) => setBody(event.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={MESSAGE_MAX_LENGTH}
          data-autofocus
          data-testid="message-edit-input"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} disabled={!body.trim()} loading={edit.isPending} data-testid="message-edit-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
