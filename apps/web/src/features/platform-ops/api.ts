import {
  QUEUE_MONITOR_REFRESH_MS,
  type ChannelSession,
  type ConsoleCommand,
  type ConsoleResult,
  type FailedJob,
  type MaintenanceRun,
  type MediaLocation,
  type MediaMigration,
  type MediaStorage,
  MEDIA_MIGRATION_POLL_MS,
  type QueueList,
  type QueueRestart,
  type SystemVersion,
  type TenantUsage,
} from '@conversa/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

export const platformOpsKeys = {
  sessions: (scope: 'platform' | 'tenant') => ['platform-ops', 'sessions', scope] as const,
  queues: ['platform-ops', 'queues'] as const,
  failed: (queue: string) => ['platform-ops', 'queues', queue, 'failed'] as const,
  usage: ['platform-ops', 'usage'] as const,
  mediaStorage: ['platform-ops', 'media-storage'] as const,
  mediaMigrations: ['platform-ops', 'media-migrations'] as const,
  version: ['platform-ops', 'version'] as const,
  runs: ['platform-ops', 'runs'] as const,
};

/** /sessoestenants (every tenant: 'platform') or /sessoes (the admin's own tenant: 'tenant'). */
export function useChannelSessions(scope: 'platform' | 'tenant') {
  return useQuery({
    queryKey: platformOpsKeys.sessions(scope),
    queryFn: ({ signal }) =>
      http.get<ChannelSession[]>(scope === 'platform' ? '/platform/channel-sessions' : '/channel-sessions', { signal }),
  });
}

export function useControlSession(scope: 'platform' | 'tenant') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ session, action }: { session: ChannelSession; action: 'restart' | 'disconnect' }) =>
      http.post<{ id: number; status: string }>(
        scope === 'platform'
          ? `/platform/tenants/${session.tenantId}/channel-sessions/${session.id}/${action}`
          : `/channel-sessions/${session.id}/${action}`,
      ),
    onSettled: () => qc.invalidateQueries({ queryKey: platformOpsKeys.sessions(scope) }),
  });
}

/** SPEC §9: the queue monitor's list refreshes every 10 s. */
export function useQueues() {
  return useQuery({
    queryKey: platformOpsKeys.queues,
    refetchInterval: QUEUE_MONITOR_REFRESH_MS,
    queryFn: ({ signal }) => http.get<QueueList>('/platform/queues', { signal, silent: true }),
  });
}

export function useFailedJobs(queue: string | null) {
  return useQuery({
    queryKey: platformOpsKeys.failed(queue ?? ''),
    enabled: queue !== null,
    refetchInterval: QUEUE_MONITOR_REFRESH_MS,
    queryFn: ({ signal }) => http.get<FailedJob[]>(`/platform/queues/${encodeURIComponent(queue ?? '')}/failed`, { signal, silent: true }),
  });
}

export function useQueueActions() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: platformOpsKeys.queues });
  return {
    restart: useMutation({
      mutationFn: (queue: string) => http.post<QueueRestart>(`/platform/queues/${encodeURIComponent(queue)}/restart`),
      onSettled: refresh,
    }),
    retry: useMutation({
      mutationFn: (job: FailedJob) => http.post<void>(`/platform/queues/${encodeURIComponent(job.queue)}/jobs/${job.id}/retry`),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: (job: FailedJob) => http.delete(`/platform/queues/${encodeURIComponent(job.queue)}/jobs/${job.id}`),
      onSettled: refresh,
    }),
  };
}

export function useTenantUsage() {
  return useQuery({
    queryKey: platformOpsKeys.usage,
    queryFn: ({ signal }) => http.get<TenantUsage[]>('/platform/tenant-usage', { signal }),
  });
}

export function useSystemVersion() {
  return useQuery({ queryKey: platformOpsKeys.version, queryFn: ({ signal }) => http.get<SystemVersion>('/platform/version', { signal }) });
}

/** The maintenance runs, polled every second while one is queued or running (its progress). */
export function useMaintenanceRuns() {
  return useQuery<MaintenanceRun[]>({
    queryKey: platformOpsKeys.runs,
    refetchInterval: (query) =>
      query.state.data?.some((run: MaintenanceRun) => run.status === 'queued' || run.status === 'running') ? 1000 : false,
    queryFn: ({ signal }) => http.get<MaintenanceRun[]>('/platform/maintenance/runs', { signal, silent: true }),
  });
}

export function useStartMediaCleanup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (dryRun: boolean) => http.post<MaintenanceRun>('/platform/maintenance/media-cleanup', { dryRun }),
    onSettled: () => qc.invalidateQueries({ queryKey: platformOpsKeys.runs }),
  });
}

export function useMediaStorage() {
  return useQuery<MediaStorage>({
    queryKey: platformOpsKeys.mediaStorage,
    queryFn: ({ signal }) => http.get<MediaStorage>('/platform/media-storage', { signal, silent: true }),
  });
}

/** Polled while a migration is queued or running (its progress); the location is read again when it ends. */
export function useMediaMigrations() {
  const qc = useQueryClient();
  return useQuery<MediaMigration[]>({
    queryKey: platformOpsKeys.mediaMigrations,
    refetchInterval: (query) =>
      query.state.data?.some((run: MediaMigration) => run.status === 'queued' || run.status === 'running')
        ? MEDIA_MIGRATION_POLL_MS
        : false,
    queryFn: async ({ signal }) => {
      const runs = await http.get<MediaMigration[]>('/platform/maintenance/media-migrations', { signal, silent: true });
      const previous = qc.getQueryData<MediaMigration[]>(platformOpsKeys.mediaMigrations);
      const ended = previous?.some(
        (old) => (old.status === 'queued' || old.status === 'running') && runs.some((run) => run.id === old.id && run.status === 'done'),
      );
      if (ended) void qc.invalidateQueries({ queryKey: platformOpsKeys.mediaStorage });
      return runs;
    },
  });
}

export function useStartMediaMigration() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (target: MediaLocation) => http.post<MediaMigration>('/platform/maintenance/media-migration', { target }),
    onSettled: () => qc.invalidateQueries({ queryKey: platformOpsKeys.mediaMigrations }),
  });
}

export function useUploadUpdate() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return http.upload<never>('/platform/update', form);
    },
  });
}

export function useConsoleCommand() {
  return useMutation({ mutationFn: (command: ConsoleCommand) => http.post<ConsoleResult>('/platform/console', { command }) });
}
