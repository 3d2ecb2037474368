import type { Channel } from '@conversa/shared';
import { Alert, Button, Checkbox, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notify';
import { useTransferChannel, type ChannelTransferResult } from '../api';

/**
 * Channel transfer (SPEC §5, §8): the open and pending tickets of `channel` move to the chosen
 * channel. Irreversible, so it needs an explicit confirmation.
 */
export function TransferChannelModal({ channel, channels, onClose }: { channel: Channel; channels: Channel[]; onClose: () => void }) {
  const { t } = useTranslation();
  const transfer = useTransferChannel();
  const [target, setTarget] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [targetError, setTargetError] = useState<string | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<ChannelTransferResult | null>(null);
  const others = channels.filter((c) => c.id !== channel.id);

  const submit = () => {
    setFailure(null);
    const toId = Number(target);
    const missingTarget = !target || !others.some((c) => c.id === toId);
    setTargetError(missingTarget ? t('channels.transferChoose') : null);
    setConfirmError(confirmed ? null : t('channels.transferConfirmRequired'));
    if (missingTarget || !confirmed) return;
    transfer.mutate(
      { fromWhatsappId: channel.id, toWhatsappId: toId },
      {
        onSuccess: (answer) => {
          setResult(answer);
          notifySuccess(t('channels.transferDone', { moved: answer.moved, skipped: answer.skipped }), 'channel-transfer');
        },
        onError: (error) => {
          const detail = isApiError(error) && error.code && error.message && error.message !== error.code ? ` (${error.message})` : '';
          setFailure(`${t('channels.transferError')}${detail}`);
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('channels.transferTitle', { name: channel.name })} centered data-testid="transfer-modal">
      <Stack>
        <Text size="sm">{t('channels.transferExplain', { name: channel.name })}</Text>
        {result ? (
          <Alert color="teal" data-testid="transfer-result">
            {t('channels.transferDone', { moved: result.moved, skipped: result.skipped })}
          </Alert>
        ) : (
          <>
            <NativeSelect
              label={t('channels.transferTarget')}
              data={[
                { value: '', label: t('channels.transferPick') },
                ...others.map((c) => ({ value: String(c.id), label: `${c.name} · ${t(`channels.types.${c.type}`)}` })),
              ]}
              value={target}
              error={targetError}
              onChange={(event) => {
                setTarget(event.currentTarget.value);
                setTargetError(null);
              }}
              data-testid="transfer-target"
            />
            <Alert color="orange" title={t('channels.transferWarningTitle')}>
              {t('channels.transferWarning')}
            </Alert>
            <Checkbox
              label={t('channels.transferConfirm')}
              checked={confirmed}
              error={confirmError}
              onChange={(event) => {
                setConfirmed(event.currentTarget.checked);
                setConfirmError(null);
              }}
              data-testid="transfer-confirm"
            />
            {failure && (
              <Alert color="red" data-testid="transfer-error">
                {failure}
              </Alert>
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {result ? t('common.close') : t('common.cancel')}
          </Button>
          {!result && (
            <Button color="red" onClick={submit} loading={transfer.isPending} data-testid="transfer-submit">
              {t('channels.transferSubmit')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
