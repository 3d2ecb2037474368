import { useEffect } from 'react';
import { fetchUser, userKeys } from '../features/users/api';
import { logoutForInactiveTenant } from '../features/auth/api';
import { PROFILE_REFRESH_INTERVAL_MS } from '../lib/constants';
import { hasErrorCode } from '../lib/errors';
import { changeLocale, currentLocale } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { getConfigs, getProfile, getUserId, saveUser, subscribeSession } from '../lib/session';

/**
 * SPEC §7: the user profile is refreshed every 30 s (skipped when the stored
 * profile is 'user'); an inactive tenant shows 'Sua empresa está inativa!' and
 * logs out shortly. Every profile also hears the deactivation at once over the
 * socket (SocketProvider), so plain users are logged out too.
 */
export function useProfileRefresh(): void {
  useEffect(() => {
    let stopped = false;
    const refresh = async () => {
      const userId = getUserId();
      if (stopped || userId === null || getProfile() === 'user') return;
      try {
        const user = await fetchUser(userId, { silent: true });
        saveUser(user);
        queryClient.setQueryData(userKeys.detail(user.id), user);
      } catch (error) {
        if (hasErrorCode(error, 'ERR_TENANT_INACTIVE')) {
          stopped = true;
          logoutForInactiveTenant();
        }
      }
    };
    const timer = setInterval(() => void refresh(), PROFILE_REFRESH_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);
}

/** The language the user chose (configs.language, kept on the server) follows them to every device. */
export function useUserLanguage(): void {
  useEffect(() => {
    const apply = () => {
      const { language } = getConfigs();
      if (language && language !== currentLocale()) void changeLocale(language);
    };
    apply();
    return subscribeSession(apply);
  }, []);
}
