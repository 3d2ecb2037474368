import type { User } from '@conversa/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { saveUser } from '../../lib/session';
import { fetchUser, userKeys } from '../users/api';

/** What one may change about oneself (PUT /users/{id}); e-mail and password need the current password. */
export interface OwnProfileInput {
  name?: string;
  email?: string;
  password?: string;
  currentPassword?: string;
}

export function useMe(userId: number | null) {
  return useQuery({
    queryKey: userKeys.detail(userId ?? 0),
    queryFn: () => fetchUser(userId!),
    enabled: userId !== null,
  });
}

/** Saves one's own data; the stored session follows the answer (name, e-mail in the user menu). */
export function useUpdateOwnProfile(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: OwnProfileInput) => http.put<User>(`/users/${userId}`, input),
    onSuccess: (user) => {
      saveUser(user);
      qc.setQueryData(userKeys.detail(user.id), user);
    },
  });
}

/** POST /users/email-change/confirm: the token of the link sent to the new address. */
export function useConfirmEmailChange() {
  return useMutation({
    mutationFn: (token: string) => http.post<{ message: string }>('/users/email-change/confirm', { token }),
  });
}
