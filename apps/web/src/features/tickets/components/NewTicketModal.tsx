import { Alert, Button, Group, Modal, Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { chatPath } from '../../../app/paths';
import { errorMessage, hasErrorCode, isApiError } from '../../../lib/errors';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/useSession';
import { useChannels } from '../../channels/api';
import { useQueues } from '../../queues/api';
import { useCreateTicket } from '../api';
import { ContactPicker, type PickedContact } from './ContactPicker';

interface NewTicketModalProps {
  /** A contact chosen beforehand (the contacts screen's "new ticket"). */
  contact?: PickedContact;
  onClose: () => void;
}

/** New-ticket modal (SPEC §2): contact and channel; a contact's ongoing ticket can be opened instead (SPEC §4). */
export function NewTicketModal({ contact: initialContact, onClose }: NewTicketModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const channels = useChannels();
  const queues = useQueues();
  const create = useCreateTicket();
  const [contact, setContact] = useState<PickedContact | null>(initialContact ?? null);
  const [channelId, setChannelId] = useState<string | null>(null);
  const [queueId, setQueueId] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [existingTicketId, setExistingTicketId] = useState<number | null>(null);

  const channelOptions = (channels.data ?? []).map((c) => ({
    value: String(c.id),
    label: c.isDefault ? `${c.name} (${t('channels.default')})` : c.name,
  }));
  const defaultChannel = channels.data?.find((c) => c.isDefault) ?? channels.data?.[0];
  const effectiveChannelId = channelId ?? (defaultChannel ? String(defaultChannel.id) : null);

  const submit = () => {
    setFormError(null);
    if (!contact) {
      setFormError(t('tickets.newTicket.contactRequired'));
      return;
    }
    create.mutate(
      {
        contactId: contact.id,
        status: 'open',
        ...(effectiveChannelId ? { whatsappId: Number(effectiveChannelId) } : {}),
        ...(queueId ? { queueId: Number(queueId) } : {}),
        ...(session ? { userId: session.userId } : {}),
      },
      {
        onSuccess: (ticket) => {
          notifySuccess(t('tickets.newTicket.created'));
          onClose();
          void navigate(chatPath(ticket.id));
        },
        onError: (error) => {
          if (hasErrorCode(error, 'ERR_OTHER_OPEN_TICKET') && isApiError(error) && typeof error.details?.ticketId === 'number') {
            setExistingTicketId(error.details.ticketId);
            return;
          }
          setFormError(errorMessage(error));
          notifyApiError(error, 'ticket-create-error');
        },
      },
    );
  };

  return (
    <>
      <Modal
        opened={existingTicketId === null}
        onClose={onClose}
        title={t('tickets.newTicket.title')}
        centered
        data-testid="new-ticket-modal"
      >
        <Stack>
          <ContactPicker label={t('tickets.newTicket.contact')} value={contact} onChange={setContact} testId="new-ticket-contact" />
          <Select
            label={t('tickets.newTicket.channel')}
            data={channelOptions}
            value={effectiveChannelId}
            onChange={setChannelId}
            allowDeselect={false}
            data-testid="new-ticket-channel"
          />
          <Select
            label={t('tickets.newTicket.queue')}
            placeholder={t('tickets.newTicket.channelQueue')}
            data={(queues.data ?? []).map((q) => ({ value: String(q.id), label: q.name }))}
            value={queueId}
            onChange={setQueueId}
            clearable
            data-testid="new-ticket-queue"
          />
          {formError && (
            <Alert color="red" data-testid="new-ticket-error">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button onClick={submit} loading={create.isPending} data-testid="new-ticket-save">
              {t('tickets.newTicket.submit')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ConfirmModal
        opened={existingTicketId !== null}
        title={t('tickets.newTicket.existingTitle')}
        message={t('tickets.newTicket.existingConfirm')}
        confirmLabel={t('tickets.newTicket.openExisting')}
        confirmColor="teal"
        onConfirm={() => {
          const id = existingTicketId;
          onClose();
          if (id !== null) void navigate(chatPath(id));
        }}
        onClose={onClose}
      />
    </>
  );
}
