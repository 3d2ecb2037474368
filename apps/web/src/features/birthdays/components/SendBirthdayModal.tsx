import type { BirthdayContact } from '@conversa/shared';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isApiError } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useChannels } from '../../channels/api';
import { useSendBirthday } from '../api';

interface SendBirthdayModalProps {
  contact: BirthdayContact;
  onClose: () => void;
}

/** The manual send by channel: the contact's own channel is offered first; a channel without a birthday message cannot be chosen. */
export function SendBirthdayModal({ contact, onClose }: SendBirthdayModalProps) {
  const { t } = useTranslation();
  const channels = useChannels();
  const send = useSendBirthday();
  const [picked, setPicked] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const usable = (channels.data ?? []).filter((channel) => channel.birthdayMessage);
  const preferred = usable.find((channel) => channel.id === contact.channelId) ?? usable.find((channel) => channel.isDefault) ?? usable[0];
  const channelId = picked ?? (preferred ? String(preferred.id) : null);
  const options = (channels.data ?? []).map((channel) => ({
    value: String(channel.id),
    label: channel.birthdayMessage ? channel.name : `${channel.name} (${t('birthdays.noMessage')})`,
    disabled: !channel.birthdayMessage,
  }));

  const submit = () => {
    if (!channelId) return;
    setError(null);
    send.mutate(
      { contactId: contact.id, whatsappId: Number(channelId) },
      {
        onSuccess: () => {
          notifySuccess(t('birthdays.sent', { name: contact.name }));
          onClose();
        },
        onError: (failure) => {
          if (isApiError(failure) && failure.code === 'ERR_BIRTHDAY_ALREADY_SENT') {
            const greetedAt = typeof failure.details?.greetedAt === 'string' ? failure.details.greetedAt : null;
            setError(t('birthdays.alreadySent', { name: contact.name, date: formatDateTime(greetedAt) }));
          } else setError(errorMessage(failure));
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('birthdays.sendTitle')} data-testid="birthday-send-modal">
      <Stack>
        <Text size="sm">{t('birthdays.sendHelp', { name: contact.name })}</Text>
        <Select
          label={t('birthdays.channel')}
          data={options}
          value={channelId}
          onChange={setPicked}
          allowDeselect={false}
          data-testid="birthday-send-channel"
        />
        {error && (
          <Alert color="red" data-testid="birthday-send-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} loading={send.isPending} disabled={!channelId} data-testid="birthday-send-confirm">
            {t('birthdays.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
