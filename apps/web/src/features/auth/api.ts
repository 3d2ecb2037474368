import type { LoginResponse } from '@conversa/shared';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../lib/http';
import i18n from '../../lib/i18n';
import { TENANT_INACTIVE_LOGOUT_DELAY_MS } from '../../lib/constants';
import { navigateTo } from '../../lib/navigation';
import { notifyWarning } from '../../lib/notify';
import { queryClient } from '../../lib/query-client';
import { clearSession, getToken, saveLogin } from '../../lib/session';

export interface LoginInput {
  email: string;
  password: string;
}

export function useLogin() {
  return useMutation({
    mutationFn: async (input: LoginInput): Promise<LoginResponse> => {
      // The shared contracts (and zod) are loaded while the call is in flight, not with the login page.
      const [data, { loginResponseSchema }] = await Promise.all([http.post<unknown>('/auth/login/', input), import('@conversa/shared')]);
      return loginResponseSchema.parse(data);
    },
    onSuccess: (data) => {
      queryClient.clear();
      saveLogin(data);
    },
  });
}

/** POST /auth/logout/ (best effort: it also clears the refresh cookie), then clear the stored session and go to login. */
export async function logout(): Promise<void> {
  try {
    if (getToken()) await http.post('/auth/logout/');
  } catch {
    /* the session is cleared anyway */
  }
  clearSession();
  queryClient.clear();
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
  return useMutation({
    mutationFn: (email: string) => http.post<{ message: string }>('/password-reset', { email }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; password: string }) => http.post<{ message: string }>('/reset-password', input),
  });
}
