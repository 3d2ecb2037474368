import { Alert, Anchor } from '@mantine/core';
import { IconAlertTriangle, IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PATHS } from '../../../app/paths';
import { useSession } from '../../../lib/useSession';
import { useStatusFollowsBlockedMode, useSubscriptionStatus } from '../api';

/**
 * Above every screen of a company: blocked for payment, the overdue-payment message (SPEC §8) and
 * the way to the subscription; in a trial, the days left.
 */
export function BillingNotice() {
  const { t } = useTranslation();
  const session = useSession();
  const status = useSubscriptionStatus(session !== null);
  useStatusFollowsBlockedMode();
  const { pathname } = useLocation();
  const isAdmin = session?.profile === 'admin' || session?.profile === 'superadmin';
  if (!status.data) return null;
  if (status.data.blocked) {
    // /configuracoesbloqueio says it all itself.
    if (pathname === PATHS.blockedSettings) return null;
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} mb="md" data-testid="billing-blocked">
        {t('errors.ERR_TENANT_OVERDUE')}{' '}
        {isAdmin ? (
          <Anchor component={Link} to={PATHS.subscription}>
            {t('billingNotice.open')}
          </Anchor>
        ) : (
          t('billingNotice.askAdmin')
        )}
      </Alert>
    );
  }
  if (status.data.status === 'trial' && status.data.trialDaysLeft !== null) {
    return (
      <Alert color="blue" icon={<IconClockHour4 size={18} />} mb="md" data-testid="billing-trial">
        {t('billingNotice.trialDaysLeft', { count: status.data.trialDaysLeft })}{' '}
        {isAdmin && (
          <Anchor component={Link} to={PATHS.subscription}>
            {t('billingNotice.open')}
          </Anchor>
        )}
      </Alert>
    );
  }
  return null;
}
