import { Alert, Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { loginTargetFor, PATHS } from '../../../app/paths';
import { QueryError } from '../../../components/QueryError';
import { useSession } from '../../../lib/useSession';
import { useSubscriptionStatus } from '../api';
import { TenantSubscription } from './SubscriptionPage';

/**
 * /configuracoesbloqueio (Whazing: the only menu entry of a company with an overdue payment): where a
 * company blocked for payment is sent. The overdue notice (SPEC §8), why it is blocked, and for its
 * admins the plan and the payments with their pay links (the subscription's own component); then
 * the settings it keeps. Paying unblocks at once (the socket event), and the page says so.
 */
export function BlockedSettingsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const status = useSubscriptionStatus();
  const isAdmin = session?.profile === 'admin' || session?.profile === 'superadmin';
  const links = isAdmin
    ? [
        { to: PATHS.subscription, label: t('blockedSettings.links.subscription') },
        { to: PATHS.settingsGeneral, label: t('blockedSettings.links.settings') },
        { to: PATHS.tenantSettings, label: t('blockedSettings.links.smtp') },
        { to: PATHS.profile, label: t('blockedSettings.links.profile') },
      ]
    : [{ to: PATHS.profile, label: t('blockedSettings.links.profile') }];

  return (
    <Stack data-testid="blocked-settings-page">
      <Title order={2}>{t('blockedSettings.title')}</Title>
      {status.isError && <QueryError error={status.error} onRetry={() => void status.refetch()} />}
      {status.data?.blocked && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="blocked-notice">
          <Text fw={600}>{t('errors.ERR_TENANT_OVERDUE')}</Text>
          {status.data.blockReason && <Text size="sm">{t(`blockedSettings.reason_${status.data.blockReason}`)}</Text>}
          <Text size="sm">{isAdmin ? t('billing.payBelow') : t('billingNotice.askAdmin')}</Text>
        </Alert>
      )}
      {status.data && !status.data.blocked && (
        <Alert color="green" icon={<IconCircleCheck size={18} />} data-testid="blocked-cleared">
          {t('blockedSettings.unblocked')}{' '}
          <Anchor component={Link} to={loginTargetFor(session?.profile ?? null)}>
            {t('blockedSettings.backHome')}
          </Anchor>
        </Alert>
      )}
      {isAdmin && <TenantSubscription embedded />}
      <Card withBorder data-testid="blocked-settings-links">
        <Title order={4} mb="xs">
          {t('blockedSettings.stillAvailable')}
        </Title>
        <Stack gap={4}>
          {links.map((link) => (
            <Anchor key={link.to} component={Link} to={link.to}>
              {link.label}
            </Anchor>
          ))}
        </Stack>
      </Card>
    </Stack>
  );
}
