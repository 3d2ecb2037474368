import type { HistoryImportProgress } from '@conversa/shared';
import { useQuery, type QueryClient } from '@tanstack/react-query';

/** Running history imports by channel id (SPEC §4 "import progress"), filled by the socket provider. */
export type HistoryImports = Record<number, HistoryImportProgress>;

/** Its own root: invalidating the channel list never touches it. */
export const historyImportKey = ['channelHistoryImport'] as const;

/**
 * A 'channel:historyImport' event: a running import replaces the channel's entry; a finished or
 * failed one removes it (the socket provider tells the user).
 */
export function applyHistoryImport(qc: QueryClient, progress: HistoryImportProgress): void {
  qc.setQueryData<HistoryImports>(historyImportKey, (current = {}) => {
    const { [progress.channelId]: _previous, ...rest } = current;
    return progress.state === 'running' ? { ...rest, [progress.channelId]: progress } : rest;
  });
}

/** The running import of a channel, if any. */
export function useHistoryImport(channelId: number): HistoryImportProgress | undefined {
  return useQuery<HistoryImports>({
    queryKey: historyImportKey,
    queryFn: () => ({}),
    enabled: false,
    staleTime: Infinity,
    gcTime: Infinity,
  }).data?.[channelId];
}
