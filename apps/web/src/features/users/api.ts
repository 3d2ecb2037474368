import type { Profile, User, UserConfigs } from '@conversa/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { saveUser } from '../../lib/session';
import { tenantUsageKey } from '../tenants/usage';

export interface UsersPage {
  users: User[];
  count: number;
  hasMore: boolean;
}

export interface UserInput {
  name?: string;
  email?: string;
  password?: string;
  profile?: Exclude<Profile, 'superadmin'>;
  blockWavoip?: boolean;
}

export const userKeys = {
  all: ['users'] as const,
  list: (searchParam: string, pageNumber: number, teamId: number | null = null) =>
    ['users', 'list', { searchParam, pageNumber, teamId }] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
};

export function fetchUser(id: number, options?: { silent?: boolean }): Promise<User> {
  return http.get<User>(`/users/${id}`, options);
}

/** GET /users/: a page of the tenant's users, optionally only a team's members. */
export function useUsers(searchParam: string, pageNumber: number, teamId: number | null = null) {
  return useQuery({
    queryKey: userKeys.list(searchParam, pageNumber, teamId),
    queryFn: ({ signal }) =>
      http.get<UsersPage>('/users/', { query: { searchParam, pageNumber, ...(teamId === null ? {} : { teamId }) }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: UserInput) => http.post<User>('/users', input),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: userKeys.all }), qc.invalidateQueries({ queryKey: tenantUsageKey })]),
  });
}

export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UserInput }) => http.put<User>(`/users/${id}`, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useDeleteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`/users/${id}`),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: userKeys.all }), qc.invalidateQueries({ queryKey: tenantUsageKey })]),
  });
}

/** PUT /users/{id}/configs: the stored configs follow the answer. */
export function useUpdateConfigs() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, configs }: { id: number; configs: Partial<UserConfigs> }) => http.put<User>(`/users/${id}/configs`, configs),
    onSuccess: (user) => {
      saveUser(user);
      qc.setQueryData(userKeys.detail(user.id), user);
    },
  });
}

/** Most users gathered for a picker (queue members, transfer targets): pages are fetched until the last. */
const ALL_USERS_MAX_PAGES = 25;

export function useAllUsers(enabled = true) {
  return useQuery({
    queryKey: [...userKeys.all, 'all'] as const,
    enabled,
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const users: User[] = [];
      for (let pageNumber = 1; pageNumber <= ALL_USERS_MAX_PAGES; pageNumber += 1) {
        const page = await http.get<UsersPage>('/users/', { query: { pageNumber }, signal, silent: pageNumber > 1 });
        users.push(...page.users);
        if (!page.hasMore) break;
      }
      return users;
    },
  });
}
