import { z } from 'zod';
import { idSchema } from './contracts.js';
import { CHANNEL_STATUSES, CHANNEL_TYPES } from './enums.js';
export { PLATFORM_OPS_ERROR_MESSAGES, PLATFORM_OPS_ERROR_STATUS, UPDATE_BUNDLE_NAME } from './platform-ops-errors.js';

/**
 * Platform monitors and safe maintenance tools (issue 15; SPEC §2 /sessoestenants, /sessoes,
 * /tenantsQueue, /tenantsPk, /atualizar, /terminal; §9 queue monitor): the superadmin of tenant 1
 * only (a tenant's admin sees its own channels' sessions), every action audited.
 */

/** SPEC §9: the queue monitor's list refreshes every 10 s. */
export const QUEUE_MONITOR_REFRESH_MS = 10_000;
/** SPEC §9: a queue restart is advised at most 5 times; after 5 failed restarts, restarting the server is. */
export const QUEUE_RESTART_ADVICE_LIMIT = 5;
/** The update upload is read (never stored, unpacked or run) up to this size. */
export const UPDATE_UPLOAD_MAX_BYTES = 64 * 1024 * 1024;
/** Media files younger than this are never cleaned up (an upload waits for the row that references it). */
export const MEDIA_CLEANUP_GRACE_HOURS = 24;

// ---- audit ----

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** Who: the acting user, their tenant and their name at the time. */
  userId: z.number().int().nullable(),
  tenantId: z.number().int().nullable(),
  userName: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  targetTenantId: z.number().int().nullable(),
  outcome: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z.object({
  action: z.string().trim().max(80).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

// ---- channel sessions (/sessoestenants, /sessoes) ----

export const channelSessionSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  name: z.string(),
  type: z.enum(CHANNEL_TYPES),
  status: z.enum(CHANNEL_STATUSES),
  number: z.string().nullable(),
  /** The newest ticket message on the channel (either direction), or null. */
  lastActivityAt: z.string().nullable(),
  /** QR-code kinds: the server process holding the live session (its lease owner, host:pid:random), or null. */
  node: z.string().nullable(),
  /** When that process took the session. */
  nodeSince: z.string().nullable(),
  updatedAt: z.string(),
});
export type ChannelSession = z.infer<typeof channelSessionSchema>;

export const channelSessionsQuerySchema = z.object({
  tenantId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  status: z.enum(CHANNEL_STATUSES).optional(),
});

export const platformChannelParamsSchema = z.object({ tenantId: idSchema, id: idSchema });

// ---- task-queue monitor (/tenantsQueue) ----

export const QUEUE_ADVICES = ['none', 'restartQueue', 'restartServer'] as const;
export type QueueAdvice = (typeof QUEUE_ADVICES)[number];

export const queueStatsSchema = z.object({
  name: z.string(),
  /** A registered job of the product, or a queue made at run time (a channel session's). */
  kind: z.enum(['job', 'session']),
  waiting: z.number().int(),
  active: z.number().int(),
  failed: z.number().int(),
  completed: z.number().int(),
  lastFailedAt: z.string().nullable(),
  lastRestartAt: z.string().nullable(),
  /** Restarts in a row after which jobs failed again (SPEC §9: after 5, restart the server). */
  failedRestarts: z.number().int(),
  advice: z.enum(QUEUE_ADVICES),
});
export type QueueStats = z.infer<typeof queueStatsSchema>;

export const queueListSchema = z.object({
  queues: z.array(queueStatsSchema),
  refreshMs: z.number().int(),
  restartAdviceLimit: z.number().int(),
});
export type QueueList = z.infer<typeof queueListSchema>;

export const failedJobSchema = z.object({
  id: z.string(),
  queue: z.string(),
  tenantId: z.number().int().nullable(),
  error: z.string(),
  retryCount: z.number().int(),
  createdAt: z.string(),
  failedAt: z.string().nullable(),
});
export type FailedJob = z.infer<typeof failedJobSchema>;

export const QUEUE_NAME_PATTERN = /^[A-Za-z0-9_.-]+$/;
export const queueNameSchema = z.string().min(1).max(200).regex(QUEUE_NAME_PATTERN);
export const queueParamsSchema = z.object({ name: queueNameSchema });
export const queueJobParamsSchema = z.object({ name: queueNameSchema, id: z.uuid() });

export const queueRestartSchema = z.object({
  queue: z.string(),
  retried: z.number().int(),
  failedRestarts: z.number().int(),
  advice: z.enum(QUEUE_ADVICES),
});
export type QueueRestart = z.infer<typeof queueRestartSchema>;

// ---- tenant environment data (/tenantsPk) ----

export const tenantUsageSchema = z.object({
  tenantId: z.number().int(),
  name: z.string(),
  status: z.string(),
  users: z.number().int(),
  channels: z.number().int(),
  connectedChannels: z.number().int(),
  /** Bytes of the files of the tenant's messages (sent and received). */
  storageBytes: z.number(),
  messagesThisMonth: z.number().int(),
  lastActivityAt: z.string().nullable(),
});
export type TenantUsage = z.infer<typeof tenantUsageSchema>;

// ---- update (/atualizar) ----

export const migrationStateSchema = z.object({ tag: z.string(), applied: z.boolean() });

export const systemVersionSchema = z.object({
  version: z.string(),
  node: z.string(),
  database: z.string(),
  databaseKind: z.enum(['pglite', 'postgres']),
  pgBoss: z.string(),
  startedAt: z.string(),
  migrations: z.object({ total: z.number().int(), applied: z.number().int(), pending: z.array(z.string()), latest: z.string().nullable() }),
});
export type SystemVersion = z.infer<typeof systemVersionSchema>;

export const MAINTENANCE_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

export const maintenanceRunSchema = z.object({
  id: z.uuid(),
  kind: z.literal('media-cleanup'),
  status: z.enum(MAINTENANCE_STATUSES),
  dryRun: z.boolean(),
  scanned: z.number().int(),
  orphaned: z.number().int(),
  removed: z.number().int(),
  bytesFreed: z.number(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type MaintenanceRun = z.infer<typeof maintenanceRunSchema>;

export const mediaCleanupBodySchema = z.object({
  /** Counts the orphaned files without removing them. */
  dryRun: z.boolean().default(false),
});
export type MediaCleanupBody = z.input<typeof mediaCleanupBodySchema>;

export const maintenanceRunParamsSchema = z.object({ id: z.uuid() });

// ---- diagnostics console (/terminal) ----

/** The console's fixed, read-only commands: never a shell. */
export const CONSOLE_COMMANDS = ['health', 'versions', 'database', 'queues', 'errors'] as const;
export type ConsoleCommand = (typeof CONSOLE_COMMANDS)[number];

export const consoleBodySchema = z.object({ command: z.enum(CONSOLE_COMMANDS) });
export type ConsoleBody = z.input<typeof consoleBodySchema>;

export const consoleResultSchema = z.object({ command: z.enum(CONSOLE_COMMANDS), ranAt: z.string(), lines: z.array(z.string()) });
export type ConsoleResult = z.infer<typeof consoleResultSchema>;

// ---- media storage and its migration (/atualizar) ----

/** Where message files are kept: the local folder (DATA_DIR/media, the default) or S3-compatible storage. */
export const MEDIA_LOCATIONS = ['local', 's3'] as const;
export type MediaLocation = (typeof MEDIA_LOCATIONS)[number];

export const mediaStorageSchema = z.object({
  /** Where new files are written and files are read first. */
  active: z.enum(MEDIA_LOCATIONS),
  /** Whether the MEDIA_S3_* settings are present (without them S3 cannot be a migration's source or target). */
  s3Configured: z.boolean(),
  /** The bucket and endpoint (never the keys), when configured. */
  s3: z.object({ endpoint: z.string(), bucket: z.string(), region: z.string() }).nullable(),
});
export type MediaStorage = z.infer<typeof mediaStorageSchema>;

export const mediaMigrationBodySchema = z.object({ target: z.enum(MEDIA_LOCATIONS) });
export type MediaMigrationBody = z.input<typeof mediaMigrationBodySchema>;

export const mediaMigrationSchema = z.object({
  id: z.uuid(),
  source: z.enum(MEDIA_LOCATIONS),
  target: z.enum(MEDIA_LOCATIONS),
  status: z.enum(MAINTENANCE_STATUSES),
  /** Files and bytes found at the source (counted before copying). */
  totalFiles: z.number().int(),
  totalBytes: z.number(),
  /** Files handled so far: copied now, or already at the target with the same size and checksum. */
  copied: z.number().int(),
  skipped: z.number().int(),
  bytesCopied: z.number(),
  /** How many times the job started (more than 1: it resumed after a restart or an error). */
  attempts: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type MediaMigration = z.infer<typeof mediaMigrationSchema>;

/** The page polls a running migration this often. */
export const MEDIA_MIGRATION_POLL_MS = 1000;
