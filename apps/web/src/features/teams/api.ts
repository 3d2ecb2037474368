import type { CreateTeamBody, Team, TeamUsage, UpdateTeamBody, User } from '@conversa/shared';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

export const teamKeys = {
  all: ['teams'] as const,
  list: ['teams', 'list'] as const,
  usage: (id: number) => ['teams', 'usage', id] as const,
  /** Every user of the tenant, for the member picker. */
  tenantUsers: ['teams', 'tenant-users'] as const,
};

/** GET /teams: the tenant's teams with their members (supervisors and admins). */
export function useTeams(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: teamKeys.list,
    enabled: options.enabled ?? true,
    staleTime: 30_000,
    queryFn: ({ signal }) => http.get<Team[]>('/teams', { signal }),
  });
}

/** GET /teams/{id}/usage: what deleting the team detaches (asked when the delete dialog opens). */
export function useTeamUsage(id: number | null) {
  return useQuery({
    queryKey: teamKeys.usage(id ?? 0),
    enabled: id !== null,
    staleTime: 0,
    queryFn: ({ signal }) => http.get<TeamUsage>(`/teams/${id}/usage`, { signal, silent: true }),
  });
}

interface UsersPage {
  users: User[];
  hasMore: boolean;
}

/** Every user of the tenant (GET /users/, page after page): the member picker's options. */
export function useTenantUsers() {
  return useQuery({
    queryKey: teamKeys.tenantUsers,
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const all: User[] = [];
      for (let pageNumber = 1; pageNumber <= 50; pageNumber++) {
        const page = await http.get<UsersPage>('/users/', { query: { pageNumber }, signal, silent: true });
        all.push(...page.users);
        if (!page.hasMore) break;
      }
      return all;
    },
  });
}

export type SaveTeamInput = { id: null; body: CreateTeamBody } | { id: number; body: UpdateTeamBody; userIds?: number[] };

/** Creates a team (with its members), or edits one and then, when they changed, replaces its members. */
export function useSaveTeam() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: SaveTeamInput) => {
      if (input.id === null) return http.post<Team>('/teams', input.body, { silent: true });
      const team = await http.put<Team>(`/teams/${input.id}`, input.body, { silent: true });
      return input.userIds ? http.put<Team>(`/teams/${input.id}/users`, { userIds: input.userIds }, { silent: true }) : team;
    },
    onSuccess: () => invalidateTeams(qc),
  });
}

export function useDeleteTeam() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<{ detachedUsers: number }>(`/teams/${id}`),
    onSuccess: () => invalidateTeams(qc),
  });
}

/** A team changed (here or elsewhere: the `team` socket event): the lists that show teams read again. */
export function invalidateTeams(qc: QueryClient): void {
  void qc.invalidateQueries({ queryKey: teamKeys.all });
  void qc.invalidateQueries({ queryKey: ['privateChat', 'teams'] });
  void qc.invalidateQueries({ queryKey: ['privateChat', 'unread'] });
}
