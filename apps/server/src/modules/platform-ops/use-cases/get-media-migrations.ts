import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertPlatformOperator } from '../platform-ops.policy.js';
import { findMediaMigration, listMediaMigrations, type MediaMigrationRow } from '../platform-ops.repository.js';

/** The latest media migrations (the page polls a running one for its progress). */
export async function getMediaMigrations(ctx: AppContext, actor: Actor): Promise<MediaMigrationRow[]> {
  assertPlatformOperator(actor);
  return listMediaMigrations(ctx.db, 10);
}

export async function getMediaMigration(ctx: AppContext, actor: Actor, id: string): Promise<MediaMigrationRow> {
  assertPlatformOperator(actor);
  const run = await findMediaMigration(ctx.db, id);
  if (!run) throw new AppError('ERR_NO_MEDIA_MIGRATION_FOUND');
  return run;
}
