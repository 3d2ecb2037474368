import type { ChannelDefaultKind, ChannelDefaults, ChannelType } from '@conversa/shared';
import { CHANNEL_DEFAULT_KINDS, CHANNEL_TYPE_OF_DEFAULTS } from '@conversa/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

export const channelDefaultsKeys = { all: ['channel-defaults'] as const };

/** Every kind's defaults for new channels (secrets masked). */
export function useChannelDefaults(enabled = true) {
  return useQuery({
    queryKey: channelDefaultsKeys.all,
    enabled,
    queryFn: ({ signal }) => http.get<ChannelDefaults>('/settings/channel-defaults', { signal }),
  });
}

export function useSaveChannelDefaults(kind: ChannelDefaultKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, string>) => http.put<Record<string, string>>(`/settings/channel-defaults/${kind}`, body),
    onSuccess: (saved) =>
      qc.setQueryData<ChannelDefaults>(channelDefaultsKeys.all, (current) => (current ? { ...current, [kind]: saved } : current)),
  });
}

/** The defaults a new channel of this type starts from ({} for a type without a defaults tab). */
export function inheritedSettings(defaults: ChannelDefaults | undefined, type: ChannelType): Record<string, string> {
  const kind = CHANNEL_DEFAULT_KINDS.find((candidate) => CHANNEL_TYPE_OF_DEFAULTS[candidate] === type);
  return (kind && defaults?.[kind]) || {};
}
