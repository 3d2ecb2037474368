import type {
  CreateGroupBanBody,
  CreateGroupBatchBody,
  CreateGroupWordBody,
  GroupAction,
  GroupBan,
  GroupBatch,
  GroupChannel,
  GroupSettings,
  GroupSettingsBody,
  GroupSummaryDto,
  GroupWord,
} from '@conversa/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

export const groupToolKeys = {
  all: ['group-tools'] as const,
  channels: ['group-tools', 'channels'] as const,
  groups: (channelId: number) => ['group-tools', 'groups', channelId] as const,
  bans: ['group-tools', 'bans'] as const,
  words: ['group-tools', 'words'] as const,
  settings: (channelId: number) => ['group-tools', 'settings', channelId] as const,
  batch: (id: number) => ['group-tools', 'batch', id] as const,
  actions: (page: number) => ['group-tools', 'actions', page] as const,
};

/** The tenant's channels whose kind supports the group tools (the server knows which kinds do). */
export function useGroupChannels() {
  return useQuery({ queryKey: groupToolKeys.channels, queryFn: () => http.get<GroupChannel[]>('/group-tools/channels') });
}

/** The groups of a connected channel, as WhatsApp lists them now. */
export function useChannelGroups(channelId: number | null) {
  return useQuery({
    queryKey: groupToolKeys.groups(channelId ?? 0),
    queryFn: () => http.get<GroupSummaryDto[]>(`/group-tools/channels/${channelId}/groups`),
    enabled: channelId !== null,
    staleTime: 30_000,
  });
}

export function useGroupBans() {
  return useQuery({ queryKey: groupToolKeys.bans, queryFn: () => http.get<GroupBan[]>('/group-tools/bans') });
}

export function useCreateGroupBan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateGroupBanBody) => http.post<GroupBan>('/group-tools/bans', body),
    onSuccess: () => client.invalidateQueries({ queryKey: groupToolKeys.bans }),
  });
}

export function useDeleteGroupBan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`/group-tools/bans/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: groupToolKeys.bans }),
  });
}

export function useGroupWords() {
  return useQuery({ queryKey: groupToolKeys.words, queryFn: () => http.get<GroupWord[]>('/group-tools/words') });
}

export function useCreateGroupWord() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateGroupWordBody) => http.post<GroupWord>('/group-tools/words', body),
    onSuccess: () => client.invalidateQueries({ queryKey: groupToolKeys.words }),
  });
}

export function useDeleteGroupWord() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`/group-tools/words/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: groupToolKeys.words }),
  });
}

export function useGroupSettings(channelId: number | null) {
  return useQuery({
    queryKey: groupToolKeys.settings(channelId ?? 0),
    queryFn: () => http.get<GroupSettings>(`/group-tools/settings/${channelId}`),
    enabled: channelId !== null,
  });
}

export function useSaveGroupSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ channelId, body }: { channelId: number; body: GroupSettingsBody }) =>
      http.put<GroupSettings>(`/group-tools/settings/${channelId}`, body),
    onSuccess: (saved) => client.setQueryData(groupToolKeys.settings(saved.whatsappId), saved),
  });
}

export function useCreateGroupBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateGroupBatchBody) => http.post<GroupBatch>('/group-tools/batches', body),
    onSuccess: (batch) => {
      client.setQueryData(groupToolKeys.batch(batch.id), batch);
      void client.invalidateQueries({ queryKey: ['group-tools', 'actions'] });
    },
  });
}

/** A bulk action's progress and results, read again every 2 s while it runs. */
export function useGroupBatch(id: number | null) {
  return useQuery({
    queryKey: groupToolKeys.batch(id ?? 0),
    queryFn: () => http.get<GroupBatch>(`/group-tools/batches/${id}`),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? 2_000 : false),
  });
}

export function useGroupActions(page: number) {
  return useQuery({
    queryKey: groupToolKeys.actions(page),
    queryFn: () => http.get<{ actions: GroupAction[]; hasMore: boolean }>(`/group-tools/actions?page=${page}`),
  });
}
