import type {
  AuditEntry,
  ChannelSession,
  FailedJob,
  MaintenanceRun,
  MediaMigration,
  QueueAdvice,
  QueueStats,
  TenantUsage,
} from '@conversa/shared';
import { QUEUE_RESTART_ADVICE_LIMIT } from '@conversa/shared';
import type { ChannelSessionRow } from '../channels/channels.repository.js';
import type {
  AuditRow,
  FailedJobRow,
  MaintenanceRunRow,
  MediaMigrationRow,
  QueueStatsRow,
  TenantUsageRow,
} from './platform-ops.repository.js';

/** A timestamp as the drivers give it (Date, or text from raw SQL on PGlite) → ISO 8601, or null. */
export function isoOrNull(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const date =
    value instanceof Date ? value : typeof value === 'string' || typeof value === 'number' ? new Date(value) : new Date(Number.NaN);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

const iso = (value: unknown) => isoOrNull(value) ?? new Date(0).toISOString();

export function presentAudit(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: iso(row.at),
    userId: row.actorUserId,
    tenantId: row.actorTenantId,
    userName: row.actorName,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    targetTenantId: row.targetTenantId,
    outcome: row.outcome,
    details: row.details,
  };
}

export function presentChannelSession(row: ChannelSessionRow): ChannelSession {
  return {
    id: row.id,
    tenantId: row.tenantId,
    tenantName: row.tenantName,
    name: row.name,
    type: row.type,
    status: row.status,
    number: row.number,
    lastActivityAt: isoOrNull(row.lastActivityAt),
    node: row.node,
    nodeSince: isoOrNull(row.nodeSince),
    updatedAt: iso(row.updatedAt),
  };
}

/**
 * SPEC §9: while jobs keep failing after the last restart, restarting the queue is advised, at
 * most 5 times in a row; once 5 restarts were followed by failures, restarting the server is.
 */
export function queueAdvice(row: Pick<QueueStatsRow, 'failedSinceRestart' | 'failedRestarts' | 'lastRestartAt'>): {
  advice: QueueAdvice;
  failedRestarts: number;
} {
  if (row.failedSinceRestart === 0) return { advice: 'none', failedRestarts: row.lastRestartAt ? row.failedRestarts : 0 };
  const failedRestarts = row.lastRestartAt ? row.failedRestarts + 1 : 0;
  return { advice: failedRestarts >= QUEUE_RESTART_ADVICE_LIMIT ? 'restartServer' : 'restartQueue', failedRestarts };
}

export function presentQueue(row: QueueStatsRow, kind: QueueStats['kind']): QueueStats {
  const { advice, failedRestarts } = queueAdvice(row);
  return {
    name: row.name,
    kind,
    waiting: row.waiting,
    active: row.active,
    failed: row.failed,
    completed: row.completed,
    lastFailedAt: isoOrNull(row.lastFailedAt),
    lastRestartAt: isoOrNull(row.lastRestartAt),
    failedRestarts,
    advice,
  };
}

/** The error a job ended with, cut to a readable length. */
const ERROR_MAX = 2000;

export function presentFailedJob(row: FailedJobRow): FailedJob {
  const tenantId = row.tenantId === null || row.tenantId === undefined ? null : Number(row.tenantId);
  const error = row.error ?? '';
  return {
    id: row.id,
    queue: row.queue,
    tenantId: Number.isInteger(tenantId) ? tenantId : null,
    error: error.length > ERROR_MAX ? `${error.slice(0, ERROR_MAX)}…` : error,
    retryCount: Number(row.retryCount),
    createdAt: iso(row.createdAt),
    failedAt: isoOrNull(row.failedAt),
  };
}

export function presentTenantUsage(row: TenantUsageRow): TenantUsage {
  return { ...row, lastActivityAt: isoOrNull(row.lastActivityAt) };
}

export function presentMaintenanceRun(row: MaintenanceRunRow): MaintenanceRun {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    dryRun: row.dryRun,
    scanned: row.scanned,
    orphaned: row.orphaned,
    removed: row.removed,
    bytesFreed: Number(row.bytesFreed),
    error: row.error,
    createdAt: iso(row.createdAt),
    finishedAt: isoOrNull(row.finishedAt),
  };
}

export function presentMediaMigration(row: MediaMigrationRow): MediaMigration {
  return {
    id: row.id,
    source: row.source,
    target: row.target,
    status: row.status,
    totalFiles: row.totalFiles,
    totalBytes: Number(row.totalBytes),
    copied: row.copied,
    skipped: row.skipped,
    bytesCopied: Number(row.bytesCopied),
    attempts: row.attempts,
    error: row.error,
    createdAt: iso(row.createdAt),
    finishedAt: isoOrNull(row.finishedAt),
  };
}
