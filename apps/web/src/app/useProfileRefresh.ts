import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchUser, userKeys } from '../features/users/api';
import { logout } from '../features/auth/api';
import { PROFILE_REFRESH_INTERVAL_MS, TENANT_INACTIVE_LOGOUT_DELAY_MS } from '../lib/constants';
import { hasErrorCode } from '../lib/errors';
import { notifyWarning } from '../lib/notify';
import { queryClient } from '../lib/query-client';
import { getProfile, getUserId, saveUser } from '../lib/session';

/**
 * SPEC §7: the user profile is refreshed every 30 s (skipped when the stored
 * profile is 'user'); an inactive tenant shows 'Sua empresa está inativa!' and
 * logs out shortly.
 */
export function useProfileRefresh(): void {
  const { t } = useTranslation();

  useEffect(() => {
    let loggingOut = false;
    const refresh = async () => {
      const userId = getUserId();
      if (loggingOut || userId === null || getProfile() === 'user') return;
      try {
        const user = await fetchUser(userId, { silent: true });
        saveUser(user);
        queryClient.setQueryData(userKeys.detail(user.id), user);
      } catch (error) {
        if (hasErrorCode(error, 'ERR_TENANT_INACTIVE')) {
          loggingOut = true;
          notifyWarning(t('session.tenantInactive'), 'tenant-inactive');
          setTimeout(() => void logout(), TENANT_INACTIVE_LOGOUT_DELAY_MS);
        }
      }
    };
    const timer = setInterval(() => void refresh(), PROFILE_REFRESH_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [t]);
}
