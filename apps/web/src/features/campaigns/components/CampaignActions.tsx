import type { Campaign } from '@conversa/shared';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { SpamRiskWarning } from './SpamRiskWarning';
import { errorMessage } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { campaignCan, useCampaignAction, type CampaignAction } from '../api';

/**
 * Start (schedule), pause, resume and cancel, each after a confirmation. Starting shows the SPEC
 * §5/§9 spam-risk warning; a processing campaign cannot be canceled but can be paused. A refusal
 * of the server (past start, no contacts, in process…) is shown in the dialog.
 */
export function CampaignActions({
  campaign,
  unsaved = false,
}: {
  campaign: Campaign;
  /** The page's form has changes not saved: starting would send the saved ones. */ unsaved?: boolean;
}) {
  const { t } = useTranslation();
  const action = useCampaignAction();
  const [asking, setAsking] = useState<CampaignAction | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { status } = campaign;

  const ask = (next: CampaignAction) => {
    setRefusal(null);
    setAsking(next);
  };
  const confirm = () => {
    if (!asking) return;
    action.mutate(
      { id: campaign.id, action: asking },
      {
        onSuccess: () => {
          notifySuccess(t(`campaigns.actions.${asking}Done`));
          setAsking(null);
        },
        onError: (error) => setRefusal(errorMessage(error)),
      },
    );
  };

  return (
    <Stack gap="xs" data-testid="campaign-actions">
      <Group gap="xs">
        {campaignCan.start(status) && (
          <Button
            leftSection={<IconPlayerPlay size={16} />}
            disabled={unsaved}
            onClick={() => ask('start')}
            data-testid="campaign-start-button"
          >
            {t('campaigns.actions.start')}
          </Button>
        )}
        {campaignCan.pause(status) && (
          <Button
            color="yellow"
            leftSection={<IconPlayerPause size={16} />}
            onClick={() => ask('pause')}
            data-testid="campaign-pause-button"
          >
            {t('campaigns.actions.pause')}
          </Button>
        )}
        {campaignCan.resume(status) && (
          <Button leftSection={<IconPlayerPlay size={16} />} onClick={() => ask('resume')} data-testid="campaign-resume-button">
            {t('campaigns.actions.resume')}
          </Button>
        )}
        {(campaignCan.cancel(status) || status === 'processing') && (
          <Button
            color="red"
            variant="light"
            leftSection={<IconX size={16} />}
            disabled={!campaignCan.cancel(status)}
            onClick={() => ask('cancel')}
            data-testid="campaign-cancel-button"
          >
            {t('campaigns.actions.cancel')}
          </Button>
        )}
      </Group>
      {campaignCan.start(status) && unsaved && (
        <Text size="sm" c="orange" data-testid="campaign-unsaved-hint">
          {t('campaigns.saveBeforeStart')}
        </Text>
      )}
      {status === 'processing' && (
        <Text size="sm" c="dimmed" data-testid="campaign-processing-hint">
          {t('campaigns.processingHint')}
        </Text>
      )}
      {status === 'scheduled' && (
        <Text size="sm" c="dimmed" data-testid="campaign-scheduled-hint">
          {t('campaigns.scheduledHint', { date: formatDateTime(campaign.startAt) })}
        </Text>
      )}
      <ConfirmModal
        opened={asking !== null}
        title={asking ? t(`campaigns.actions.${asking}Title`) : ''}
        message={
          asking
            ? t(`campaigns.actions.${asking}Confirm`, {
                name: campaign.name,
                count: campaign.contactCount,
                date: formatDateTime(campaign.startAt),
              })
            : ''
        }
        confirmLabel={asking ? t(`campaigns.actions.${asking}`) : undefined}
        confirmColor={asking === 'cancel' ? 'red' : asking === 'pause' ? 'yellow' : 'blue'}
        loading={action.isPending}
        onConfirm={confirm}
        onClose={() => setAsking(null)}
      >
        <Stack gap="sm">
          {(asking === 'start' || asking === 'resume') && <SpamRiskWarning count={campaign.contactCount} testId="campaign-spam-warning" />}
          {refusal && (
            <Alert color="red" data-testid="campaign-action-error">
              {refusal}
            </Alert>
          )}
        </Stack>
      </ConfirmModal>
    </Stack>
  );
}
