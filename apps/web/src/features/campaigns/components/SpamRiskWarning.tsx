import { CAMPAIGN_SPAM_REPORT_SHARE } from '@conversa/shared';
import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * SPEC §9's spam-risk warning, shown before anything is sent to many people (campaigns, mass
 * sends): 2 % of the recipients reporting the number gets it banned. `count`: how many will receive
 * it, when known.
 */
export function SpamRiskWarning({ count, testId = 'spam-warning' }: { count?: number; testId?: string }) {
  const { t } = useTranslation();
  const share = CAMPAIGN_SPAM_REPORT_SHARE * 100;
  return (
    <Alert color="orange" icon={<IconAlertTriangle size={18} />} title={t('campaigns.spam.title')} data-testid={testId}>
      {count === undefined
        ? t('campaigns.spam.textAny', { share })
        : t('campaigns.spam.text', { share, reports: Math.max(1, Math.ceil(count * CAMPAIGN_SPAM_REPORT_SHARE)), count })}
    </Alert>
  );
}
