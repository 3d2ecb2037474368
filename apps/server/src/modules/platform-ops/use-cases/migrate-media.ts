import type { AppContext } from '../../../app-context.js';
import type { MediaBackend, StoredObject } from '../../../platform/media/media-backend.js';
import { writeMediaLocation } from '../../../platform/media/media-location.repository.js';
import { beginMediaMigrationAttempt, findMediaMigration, updateMediaMigration } from '../platform-ops.repository.js';

/** Progress is written at most this often (and at the end). */
const PROGRESS_EVERY_MS = 500;

/**
 * The media migration job (/atualizar): every file of the source location is copied to the target,
 * then the target becomes where files are written and read first.
 *
 * Idempotent and resumable: a file already at the target with the same size and the same MD5 (the
 * S3 ETag of a single-part upload; computed for the local folder) is skipped, so a run restarted
 * after a crash or an error (the job is retried) goes on without copying anything twice, and
 * running it again copies only what is missing. Files written to the source while it runs are
 * still read from there after the switch (the store falls back to the other location).
 */
export async function migrateMedia(ctx: AppContext, runId: string): Promise<void> {
  const run = await findMediaMigration(ctx.db, runId);
  if (!run || run.status === 'done' || run.status === 'failed') return;
  const source = ctx.media.backend(run.source);
  const target = ctx.media.backend(run.target);
  if (!source || !target) throw new Error(`media location ${!source ? run.source : run.target} is not configured on this server`);
  await beginMediaMigrationAttempt(ctx.db, runId);

  // First pass: what there is to copy (the page shows counts and bytes against these totals).
  let totalFiles = 0;
  let totalBytes = 0;
  for await (const file of source.list()) {
    totalFiles += 1;
    totalBytes += file.size;
  }
  await updateMediaMigration(ctx.db, runId, { totalFiles, totalBytes });

  const progress = { copied: 0, skipped: 0, bytesCopied: 0 };
  let written = Date.now();
  for await (const file of source.list()) {
    if (await alreadyThere(source, target, file)) progress.skipped += 1;
    else {
      const content = await source.get(file.key);
      // Removed since it was listed (the orphaned-media cleanup): nothing to copy.
      if (content) {
        await target.put(file.key, content);
        progress.copied += 1;
        progress.bytesCopied += content.length;
      }
    }
    if (Date.now() - written >= PROGRESS_EVERY_MS) {
      await updateMediaMigration(ctx.db, runId, progress);
      written = Date.now();
    }
  }

  await writeMediaLocation(ctx.db, run.target);
  await ctx.media.refreshLocation();
  await updateMediaMigration(ctx.db, runId, { ...progress, status: 'done', finishedAt: new Date() });
  ctx.logger.info({ runId, ...progress, source: run.source, target: run.target }, 'media migration done');
}

/** At the target with the same size, and the same MD5 when both sides know it. */
async function alreadyThere(source: MediaBackend, target: MediaBackend, file: StoredObject): Promise<boolean> {
  const there = await target.head(file.key);
  if (!there || there.size !== file.size) return false;
  const sourceMd5 = file.md5 ?? (await source.head(file.key))?.md5 ?? null;
  return sourceMd5 === null || there.md5 === null || sourceMd5 === there.md5;
}

/** The job's last attempt failed: the run says so (the location is unchanged). */
export async function failMediaMigration(ctx: AppContext, runId: string, error: unknown): Promise<void> {
  await updateMediaMigration(ctx.db, runId, {
    status: 'failed',
    error: error instanceof Error ? error.message : String(error),
    finishedAt: new Date(),
  });
}
