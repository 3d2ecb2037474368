import { SMS_BODY_MAX, smsSegments, type SmsMessage, type Ticket } from '@conversa/shared';
import { Alert, Badge, Button, Divider, Group, Loader, Modal, Paper, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useIsMobile } from '../../../lib/useIsMobile';
import { newClientId } from '../../tickets/outbox';
import { useSendSms, useSmsHistory } from '../api';

const STATUS_COLORS: Record<SmsMessage['status'], string> = {
  queued: 'gray',
  sending: 'blue',
  sent: 'cyan',
  delivered: 'teal',
  failed: 'red',
  unconfirmed: 'orange',
};

/** An SMS's status, and for a failed one the reason in the agent's words. */
export function SmsStatusBadge({ sms }: { sms: SmsMessage }) {
  const { t } = useTranslation();
  return (
    <Badge size="sm" color={STATUS_COLORS[sms.status]} data-testid="sms-status" data-status={sms.status}>
      {t(`sms.status.${sms.status}`)}
    </Badge>
  );
}

/**
 * The SMS modal (SPEC §2): an SMS to the ticket's contact, with its character and segment count
 * (160 characters per SMS, or 70 once a character outside the GSM-7 alphabet is used, e.g. 'ã' or
 * an emoji), and the contact's SMS with their delivery statuses, read again while one is on its way.
 */
export function SmsModal({ ticket, onClose }: { ticket: Ticket; onClose: () => void }) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const history = useSmsHistory(ticket.id);
  const send = useSendSms(ticket.id);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  // One key per message: a repeated click or a retried request sends it once.
  const [clientKey, setClientKey] = useState(newClientId);
  const count = smsSegments(body);
  const text = body.trim();

  const submit = () => {
    if (!text) {
      setError(t('sms.modal.bodyRequired'));
      return;
    }
    setError(null);
    send.mutate(
      { ticketId: ticket.id, body: text, clientKey },
      {
        onSuccess: () => {
          notifySuccess(t('sms.modal.queued'));
          setBody('');
          setClientKey(newClientId());
        },
        onError: (failure) => {
          setError(errorMessage(failure));
          notifyApiError(failure, 'sms-send-error');
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} fullScreen={mobile} size="lg" centered title={t('sms.modal.title')} data-testid="sms-modal">
      <Stack>
        <Text size="sm" data-testid="sms-recipient">
          {t('sms.modal.to', { name: ticket.contact.name, number: ticket.contact.number ?? '—' })}
        </Text>
        <Textarea
          label={t('sms.modal.body')}
          value={body}
          onChange={(event) => setBody(event.currentTarget.value)}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={SMS_BODY_MAX}
          error={error}
          data-autofocus
          data-testid="sms-body"
        />
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="xs" c="dimmed" data-testid="sms-counter" data-segments={count.segments} data-encoding={count.encoding}>
            {t('sms.modal.counter', { characters: count.units, segments: count.segments, perSegment: count.perSegment })}
          </Text>
          <Button leftSection={<IconSend size={16} />} onClick={submit} loading={send.isPending} data-testid="sms-send">
            {t('sms.modal.send')}
          </Button>
        </Group>
        {count.encoding === 'UCS-2' && (
          <Text size="xs" c="orange" data-testid="sms-ucs2-hint">
            {t('sms.modal.ucs2Hint')}
          </Text>
        )}
        <Divider label={t('sms.modal.history')} labelPosition="left" />
        {history.isPending ? (
          <Loader size="sm" />
        ) : history.isError ? (
          <Alert color="red">{errorMessage(history.error)}</Alert>
        ) : history.data.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="sms-history-empty">
            {t('sms.modal.noHistory')}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={mobile ? undefined : 320} type="auto">
            <Stack gap="xs" data-testid="sms-history">
              {history.data.map((sms) => (
                <Paper key={sms.id} withBorder p="xs" data-testid="sms-history-item">
                  <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', minWidth: 0 }}>
                      {sms.body}
                    </Text>
                    <SmsStatusBadge sms={sms} />
                  </Group>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(sms.deliveredAt ?? sms.sentAt ?? sms.createdAt)} · {sms.to}
                  </Text>
                  {sms.status === 'failed' && sms.reason && (
                    <Text size="xs" c="red" data-testid="sms-reason">
                      {t(`sms.reasons.${sms.reason}`)}
                      {sms.errorCode && !sms.errorCode.startsWith('ERR_') ? ` (${sms.errorCode})` : ''}
                    </Text>
                  )}
                  {sms.status === 'unconfirmed' && (
                    <Text size="xs" c="orange">
                      {t('sms.modal.unconfirmedHint')}
                    </Text>
                  )}
                </Paper>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Modal>
  );
}
