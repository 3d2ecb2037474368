import type { ConsoleCommand, ConsoleResult } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { ping } from '../../../platform/db/client.js';
import type { Actor } from '../../auth/actor.js';
import { assertPlatformOperator } from '../platform-ops.policy.js';
import { isoOrNull } from '../platform-ops.presenter.js';
import { databaseStats, listQueueStats, listRecentFailedJobs } from '../platform-ops.repository.js';
import { getSystemVersion } from './get-system-version.js';
import { audited } from './record-audit.js';

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/**
 * The diagnostics console of /terminal: a fixed set of read-only commands, each a function of
 * this file (there is no shell, no command line to parse, nothing a caller's text can reach).
 */
const COMMANDS: Record<ConsoleCommand, (ctx: AppContext, actor: Actor) => Promise<string[]>> = {
  async health(ctx) {
    const started = performance.now();
    let database = 'ok';
    try {
      await ping(ctx.db);
    } catch (error) {
      database = `unreachable (${error instanceof Error ? error.message : String(error)})`;
    }
    const memory = process.memoryUsage();
    return [
      `database: ${database} (${(performance.now() - started).toFixed(1)} ms)`,
      `migrations applied: ${(await ctx.database.migrationsApplied()) ? 'all' : 'some pending'}`,
      `uptime: ${Math.round(process.uptime())} s`,
      `memory: rss ${mib(memory.rss)}, heap ${mib(memory.heapUsed)} of ${mib(memory.heapTotal)}`,
      `realtime: ${ctx.realtime ? 'on' : 'off'}`,
    ];
  },
  async versions(ctx, actor) {
    const version = await getSystemVersion(ctx, actor);
    return [
      `conversa server: ${version.version}`,
      `node: ${version.node}`,
      `database (${version.databaseKind}): ${version.database}`,
      `pg-boss: ${version.pgBoss}`,
      `started at: ${version.startedAt}`,
      `migrations: ${version.migrations.applied}/${version.migrations.total} applied, latest ${version.migrations.latest ?? '-'}`,
      ...version.migrations.pending.map((tag) => `pending migration: ${tag}`),
    ];
  },
  async database(ctx) {
    const stats = await databaseStats(ctx.db);
    return [
      `size: ${mib(stats.sizeBytes)}`,
      `connections: ${stats.connections ?? 'n/a'}`,
      ...stats.tables.map((t) => `table ${t.name}: ~${t.rows} rows, ${mib(t.bytes)}`),
    ];
  },
  async queues(ctx) {
    const queues = await listQueueStats(ctx.db);
    const busy = queues.filter((q) => q.waiting + q.active + q.failed > 0);
    return [
      `queues: ${queues.length} (${busy.length} with waiting, active or failed jobs)`,
      ...busy.map((q) => `${q.name}: waiting ${q.waiting}, active ${q.active}, failed ${q.failed}`),
    ];
  },
  async errors(ctx) {
    const failed = await listRecentFailedJobs(ctx.db, 20);
    if (failed.length === 0) return ['no failed jobs'];
    return failed.map((job) => `${isoOrNull(job.failedAt) ?? '-'} ${job.queue} ${job.id}: ${(job.error ?? '').slice(0, 300)}`);
  },
};

/** Runs one of the console's fixed commands, audited. */
export async function runConsoleCommand(ctx: AppContext, actor: Actor, command: ConsoleCommand): Promise<ConsoleResult> {
  assertPlatformOperator(actor);
  const run = COMMANDS[command];
  return audited(ctx, actor, { action: 'console.run', targetType: 'console', targetId: command }, async () => ({
    command,
    ranAt: new Date().toISOString(),
    lines: await run(ctx, actor),
  }));
}
