import { loginResponseSchema, type LoginResponse } from '@conversa/shared';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { navigateTo } from '../../lib/navigation';
import { queryClient } from '../../lib/query-client';
import { clearSession, getRefreshToken, saveLogin } from '../../lib/session';

export interface LoginInput {
  email: string;
  password: string;
}

export function useLogin() {
  return useMutation({
    mutationFn: async (input: LoginInput): Promise<LoginResponse> => {
      const data = await http.post<unknown>('/auth/login/', input);
      return loginResponseSchema.parse(data);
    },
    onSuccess: (data) => {
      queryClient.clear();
      saveLogin(data);
    },
  });
}

/** POST /auth/logout/ (best effort), then clear the stored session and go to login. */
export async function logout(): Promise<void> {
  const refreshToken = getRefreshToken();
  try {
    if (refreshToken) await http.post('/auth/logout/', { refreshToken });
  } catch {
    /* the session is cleared anyway */
  }
  clearSession();
  queryClient.clear();
  navigateTo('/login', { replace: true });
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
