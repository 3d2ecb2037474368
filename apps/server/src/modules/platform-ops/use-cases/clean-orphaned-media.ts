import { MEDIA_CLEANUP_GRACE_HOURS } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import {
  findMaintenanceRun,
  keysInJsonColumn,
  keysInTextColumn,
  listReferenceColumns,
  updateMaintenanceRun,
  type ReferenceColumn,
} from '../platform-ops.repository.js';

/** Files checked against the database at a time (one lookup per text column per batch). */
const BATCH = 500;

/**
 * The orphaned-media cleanup (/atualizar, "public-folder cleanup" of SPEC §2 made safe): every
 * stored file older than MEDIA_CLEANUP_GRACE_HOURS that no row of the database names (no text
 * column holding keys, no JSON document, pg-boss's job payloads included) is removed, or only
 * counted in a dry run. Progress is written after each batch. Idempotent: run again after a crash,
 * it scans again (a file already removed is simply not there any more).
 */
export async function cleanOrphanedMedia(ctx: AppContext, runId: string, now = () => Date.now()): Promise<void> {
  const run = await findMaintenanceRun(ctx.db, runId);
  if (!run || run.status === 'done' || run.status === 'failed') return;
  await updateMaintenanceRun(ctx.db, runId, { status: 'running', scanned: 0, orphaned: 0, removed: 0, bytesFreed: 0 });

  const columns = await listReferenceColumns(ctx.db);
  const textColumns = columns.filter((c) => c.kind === 'text');
  const named = new Set<string>();
  for (const column of columns.filter((c) => c.kind === 'json')) for (const key of await keysInJsonColumn(ctx.db, column)) named.add(key);

  const cutoff = now() - MEDIA_CLEANUP_GRACE_HOURS * 3600_000;
  const progress = { scanned: 0, orphaned: 0, removed: 0, bytesFreed: 0 };
  let batch: { key: string; size: number }[] = [];

  const flush = async () => {
    const orphans = await unreferenced(ctx, textColumns, named, batch);
    progress.orphaned += orphans.length;
    if (!run.dryRun) {
      for (const file of orphans) {
        if (await ctx.media.remove(file.key)) {
          progress.removed += 1;
          progress.bytesFreed += file.size;
        }
      }
    } else {
      progress.bytesFreed += orphans.reduce((sum, file) => sum + file.size, 0);
    }
    batch = [];
    await updateMaintenanceRun(ctx.db, runId, { ...progress });
  };

  for await (const file of ctx.media.entries()) {
    progress.scanned += 1;
    if (file.modifiedAt.getTime() > cutoff) continue;
    batch.push({ key: file.key, size: file.size });
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  await updateMaintenanceRun(ctx.db, runId, { ...progress, status: 'done', finishedAt: new Date() });
}

async function unreferenced(
  ctx: AppContext,
  textColumns: ReferenceColumn[],
  named: Set<string>,
  batch: { key: string; size: number }[],
): Promise<{ key: string; size: number }[]> {
  let open = batch.filter((file) => !named.has(file.key));
  for (const column of textColumns) {
    if (open.length === 0) break;
    const found = new Set(
      await keysInTextColumn(
        ctx.db,
        column,
        open.map((file) => file.key),
      ),
    );
    open = open.filter((file) => !found.has(file.key));
  }
  return open;
}

/** The job's last attempt failed: the run says so. */
export async function failMediaCleanup(ctx: AppContext, runId: string, error: unknown): Promise<void> {
  await updateMaintenanceRun(ctx.db, runId, {
    status: 'failed',
    error: error instanceof Error ? error.message : String(error),
    finishedAt: new Date(),
  });
}
