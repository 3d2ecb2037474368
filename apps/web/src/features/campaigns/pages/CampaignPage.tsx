import { Alert, Anchor, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { QueryError } from '../../../components/QueryError';
import { PATHS } from '../../../app/paths';
import { campaignCan, useCampaign } from '../api';
import { CampaignActions } from '../components/CampaignActions';
import { CampaignContacts } from '../components/CampaignContacts';
import { CampaignForm } from '../components/CampaignForm';
import { CampaignProgress, CampaignStatusBadge } from '../components/CampaignStatus';

/**
 * /campanhas/{campanhaId}: the campaign's live progress and its actions, its fields (editable while
 * pending or canceled), its contacts and the report per contact with the export.
 */
export function CampaignPage() {
  const { t } = useTranslation();
  const id = Number(useParams().campaignId);
  const campaign = useCampaign(id);
  // Starting takes the saved fields: not while the form holds changes that are not saved.
  const [unsaved, setUnsaved] = useState(false);

  if (!Number.isSafeInteger(id) || id <= 0)
    return (
      <Alert color="red" data-testid="campaign-not-found">
        {t('errors.ERR_NO_CAMPAIGN_FOUND')}{' '}
        <Anchor component={Link} to={PATHS.campaigns}>
          {t('campaigns.back')}
        </Anchor>
      </Alert>
    );
  if (campaign.isError) return <QueryError error={campaign.error} onRetry={() => void campaign.refetch()} />;
  if (!campaign.data) return <Loader />;
  const current = campaign.data;
  const editable = campaignCan.edit(current.status);

  return (
    <Stack data-testid="campaign-page">
      <Anchor component={Link} to={PATHS.campaigns} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t('campaigns.back')}
        </Group>
      </Anchor>
      <Group justify="space-between" wrap="wrap">
        <Title order={2} style={{ wordBreak: 'break-word' }}>
          {current.name}
        </Title>
        <CampaignStatusBadge status={current.status} testId="campaign-status" />
      </Group>
      <Card withBorder>
        <Stack>
          <CampaignProgress campaign={current} />
          <CampaignActions campaign={current} unsaved={unsaved} />
        </Stack>
      </Card>
      <Card withBorder>
        <Stack>
          <Title order={4}>{t('campaigns.details')}</Title>
          {!editable && (
            <Text size="sm" c="dimmed" data-testid="campaign-readonly-hint">
              {t('campaigns.readOnlyHint')}
            </Text>
          )}
          <CampaignForm
            key={`${current.id}-${current.status}`}
            campaign={current}
            readOnly={!editable}
            onSaved={() => undefined}
            onDirtyChange={setUnsaved}
          />
        </Stack>
      </Card>
      <CampaignContacts campaign={current} />
    </Stack>
  );
}
