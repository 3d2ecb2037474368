import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FORWARD_MAX_MESSAGES, FORWARD_SEARCH_MIN_LENGTH } from '../../../lib/constants';
import { errorMessage } from '../../../lib/errors';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useForwardMessages } from '../api';
import { ContactPicker, type PickedContact } from './ContactPicker';

interface ForwardModalProps {
  messageIds: string[];
  onClose: () => void;
  onDone: () => void;
}

/** SPEC §5: up to 10 messages to exactly 1 contact, found by at least 2 letters. */
export function ForwardModal({ messageIds, onClose, onDone }: ForwardModalProps) {
  const { t } = useTranslation();
  const forward = useForwardMessages();
  const [contact, setContact] = useState<PickedContact | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const tooMany = messageIds.length > FORWARD_MAX_MESSAGES;

  const submit = () => {
    setFormError(null);
    if (!contact) {
      setFormError(t('tickets.forward.contactRequired'));
      return;
    }
    forward.mutate(
      { messageIds, contactId: contact.id },
      {
        onSuccess: () => {
          notifySuccess(t('tickets.forward.done'));
          onDone();
        },
        onError: (error) => {
          setFormError(errorMessage(error));
          notifyApiError(error, 'forward-error');
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('tickets.forward.title')} centered data-testid="forward-modal">
      <Stack>
        <Text size="sm">{t('tickets.forward.count', { count: messageIds.length, max: FORWARD_MAX_MESSAGES })}</Text>
        <ContactPicker
          label={t('tickets.forward.contact')}
          value={contact}
          onChange={setContact}
          minSearchLength={FORWARD_SEARCH_MIN_LENGTH}
          testId="forward-contact"
        />
        {tooMany && <Alert color="red">{t('tickets.forward.tooMany', { max: FORWARD_MAX_MESSAGES })}</Alert>}
        {formError && (
          <Alert color="red" data-testid="forward-error">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} disabled={tooMany || messageIds.length === 0} loading={forward.isPending} data-testid="forward-submit">
            {t('tickets.forward.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
