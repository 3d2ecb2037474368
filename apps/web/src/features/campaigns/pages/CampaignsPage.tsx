import type { Campaign } from '@conversa/shared';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { ListPageHeader } from '../../../components/ListPageHeader';
import { useConfirmedDelete } from '../../../components/useConfirmedDelete';
import { campaignPath } from '../../../app/paths';
import { formatDateTime } from '../../../lib/format';
import { useIsMobile } from '../../../lib/useIsMobile';
import { campaignCan, useCampaigns, useDeleteCampaign } from '../api';
import { CampaignForm } from '../components/CampaignForm';
import { CampaignProgress, CampaignStatusBadge } from '../components/CampaignStatus';

/** /campanhas (supervisors and admins): the tenant's campaigns with their status and live progress. */
export function CampaignsPage() {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const navigate = useNavigate();
  const campaigns = useCampaigns();
  const remove = useDeleteCampaign();
  const removal = useConfirmedDelete<Campaign>(remove, 'campaign-delete-error');
  const [creating, setCreating] = useState(false);

  const columns: DataColumn<Campaign>[] = [
    {
      key: 'name',
      header: t('campaigns.name'),
      primary: true,
      render: (campaign) => (
        <Text size="sm" fw={600} component={Link} to={campaignPath(campaign.id)} data-testid={`campaign-link-${campaign.id}`}>
          {campaign.name}
        </Text>
      ),
    },
    {
      key: 'status',
      header: t('campaigns.statusLabel'),
      render: (campaign) => <CampaignStatusBadge status={campaign.status} testId={`campaign-status-${campaign.id}`} />,
    },
    { key: 'startAt', header: t('campaigns.startAt'), render: (campaign) => <Text size="sm">{formatDateTime(campaign.startAt)}</Text> },
    { key: 'progress', header: t('campaigns.progress'), render: (campaign) => <CampaignProgress campaign={campaign} compact /> },
  ];

  return (
    <Stack data-testid="campaigns-page">
      <ListPageHeader
        title={t('campaigns.title')}
        description={t('campaigns.help')}
        newLabel={t('campaigns.new')}
        onNew={() => setCreating(true)}
        newTestId="campaigns-new"
        query={campaigns}
      />
      <DataTable
        testId="campaigns-table"
        rows={campaigns.data}
        rowKey={(campaign) => campaign.id}
        rowTestId={(campaign) => `campaign-${campaign.id}`}
        columns={columns}
        actions={(campaign) => (
          <>
            <Button size="xs" variant="light" component={Link} to={campaignPath(campaign.id)} data-testid={`campaign-open-${campaign.id}`}>
              {t('campaigns.open')}
            </Button>
            {campaignCan.remove(campaign.status) && (
              <Button
                size="xs"
                variant="light"
                color="red"
                onClick={() => removal.ask(campaign)}
                data-testid={`campaign-delete-${campaign.id}`}
              >
                {t('common.delete')}
              </Button>
            )}
          </>
        )}
      />
      <Modal opened={creating} onClose={() => setCreating(false)} fullScreen={mobile} size="xl" title={t('campaigns.createTitle')} centered>
        {creating && (
          <CampaignForm campaign={null} onCancel={() => setCreating(false)} onSaved={(campaign) => navigate(campaignPath(campaign.id))} />
        )}
      </Modal>
      <ConfirmModal
        opened={removal.deleting !== null}
        title={t('campaigns.deleteTitle')}
        message={t('campaigns.deleteConfirm', { name: removal.deleting?.name ?? '' })}
        loading={removal.pending}
        onConfirm={removal.confirm}
        onClose={() => removal.cancel()}
      />
    </Stack>
  );
}
