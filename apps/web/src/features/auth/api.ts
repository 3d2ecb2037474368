import type { LoginResponse, Plan } from '@conversa/shared';
import { setCompanyBranding } from '../../lib/branding';
import { useEffect, useState } from 'react';
import { isApiError } from '../../lib/errors';
import { clearDrafts } from '../../lib/drafts';
import { http } from '../../lib/http';
import i18n from '../../lib/i18n';
import { TENANT_INACTIVE_LOGOUT_DELAY_MS } from '../../lib/constants';
import { navigateTo } from '../../lib/navigation';
import { notifyWarning } from '../../lib/notify';
import { clearSession, getToken, saveLogin } from '../../lib/session';
import { useAction } from '../../lib/useAction';

// The public pages' calls. Neither TanStack Query nor the shared zod contracts are imported here
// (only loaded when needed): the login page's first download has neither (bench/README.md "Web bundle").

/** The signed-in app's query cache, emptied at logout (and at login, see useLogin). */
async function clearQueryCache(): Promise<void> {
  (await import('../../lib/query-client')).queryClient.clear();
}

export interface LoginInput {
  email: string;
  password: string;
}

export function useLogin() {
  return useAction(async (input: LoginInput): Promise<LoginResponse> => {
    // The shared contracts (zod) and the query cache are loaded while the call is in flight.
    const [data, { loginResponseSchema }, { queryClient }] = await Promise.all([
      http.post<unknown>('/auth/login/', input),
      import('@conversa/shared'),
      import('../../lib/query-client'),
    ]);
    const login = loginResponseSchema.parse(data);
    queryClient.clear();
    return login;
  }, saveLogin);
}

/**
 * Whether public sign-up offers a plan (the login page shows its link only then): checked in the
 * background (no loading overlay), retried as the app's queries are (twice, not after a 4xx).
 * `checked` turns true once answered, either way.
 */
export function useSignupOffered(): { offered: boolean; checked: boolean } {
  const [state, setState] = useState({ offered: false, checked: false });
  useEffect(() => {
    const controller = new AbortController();
    const check = async (retries: number): Promise<void> => {
      try {
        const plans = await http.get<Plan[]>('/plans/public', { signal: controller.signal, silent: true });
        setState({ offered: plans.length > 0, checked: true });
      } catch (error) {
        if (controller.signal.aborted) return;
        const clientError = isApiError(error) && error.status >= 400 && error.status < 500;
        if (retries > 0 && !clientError) {
          await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** (2 - retries)));
          if (!controller.signal.aborted) return check(retries - 1);
          return;
        }
        setState({ offered: false, checked: true });
      }
    };
    void check(2);
    return () => controller.abort();
  }, []);
  return state;
}

/** POST /auth/logout/ (best effort: it also clears the refresh cookie), then clear the stored session and go to login. */
export async function logout(): Promise<void> {
  try {
    // While the token still works: this browser stops getting the user's pushes. (Loaded here, not
    // with the login page: the signed-in frame has already loaded it.)
    if (getToken()) await import('../../lib/web-push').then(({ dropPushSubscription }) => dropPushSubscription()).catch(() => undefined);
    if (getToken()) await http.post('/auth/logout/');
  } catch {
    /* the session is cleared anyway */
  }
  clearSession();
  // What was typed stays with the user who typed it.
  clearDrafts();
  setCompanyBranding(null);
  await clearQueryCache();
  navigateTo('/login', { replace: true });
}

let inactiveLogoutScheduled = false;

/** SPEC §8: 'Sua empresa está inativa!', then logout shortly (from the socket or the profile refresh, once). */
export function logoutForInactiveTenant(): void {
  if (inactiveLogoutScheduled) return;
  inactiveLogoutScheduled = true;
  notifyWarning(i18n.t('session.tenantInactive'), 'tenant-inactive');
  setTimeout(() => {
    inactiveLogoutScheduled = false;
    void logout();
  }, TENANT_INACTIVE_LOGOUT_DELAY_MS);
}

export function usePasswordResetRequest() {
  return useAction((email: string) => http.post<{ message: string }>('/password-reset', { email }));
}

export function useResetPassword() {
  return useAction((input: { token: string; password: string }) => http.post<{ message: string }>('/reset-password', input));
}
