import type { Campaign, CampaignStatus } from '@conversa/shared';
import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS: Record<CampaignStatus, string> = {
  pending: 'gray',
  scheduled: 'blue',
  processing: 'teal',
  paused: 'yellow',
  canceled: 'red',
  finished: 'green',
};

export function CampaignStatusBadge({ status, testId }: { status: CampaignStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" data-testid={testId}>
      {t(`campaigns.status.${status}`)}
    </Badge>
  );
}

/** Done (sent + not sent) of the linked contacts, as a share. */
export function campaignDone(campaign: Pick<Campaign, 'sent' | 'notSent' | 'contactCount'>): number {
  if (campaign.contactCount === 0) return 0;
  return Math.min(100, Math.round(((campaign.sent + campaign.notSent) / campaign.contactCount) * 100));
}

/** The campaign's live counters: a bar of what is done, then sent, delivered, read and not sent of the contacts. */
export function CampaignProgress({ campaign, compact = false }: { campaign: Campaign; compact?: boolean }) {
  const { t } = useTranslation();
  const done = campaignDone(campaign);
  return (
    <Stack gap={4} data-testid={`campaign-progress-${campaign.id}`} miw={compact ? 140 : undefined}>
      <Progress
        value={done}
        color={campaign.status === 'finished' ? 'green' : 'teal'}
        striped={campaign.status === 'processing'}
        animated={campaign.status === 'processing'}
        aria-label={t('campaigns.progressLabel', { done })}
      />
      {compact ? (
        <Text size="xs" c="dimmed">
          {t('campaigns.progressShort', { sent: campaign.sent, notSent: campaign.notSent, total: campaign.contactCount })}
        </Text>
      ) : (
        <Group gap="md" wrap="wrap">
          <Text size="sm" data-testid="campaign-count-contacts">
            {t('campaigns.counters.contacts', { count: campaign.contactCount })}
          </Text>
          <Text size="sm" data-testid="campaign-count-sent">
            {t('campaigns.counters.sent', { count: campaign.sent })}
          </Text>
          <Text size="sm" data-testid="campaign-count-delivered">
            {t('campaigns.counters.delivered', { count: campaign.delivered })}
          </Text>
          <Text size="sm" data-testid="campaign-count-read">
            {t('campaigns.counters.read', { count: campaign.read })}
          </Text>
          <Text size="sm" data-testid="campaign-count-not-sent">
            {t('campaigns.counters.notSent', { count: campaign.notSent })}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
