import type { MediaLocation } from '@conversa/shared';
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { transact } from '../../../platform/events/transact.js';
import type { Actor } from '../../auth/actor.js';
import { assertPlatformOperator } from '../platform-ops.policy.js';
import { insertMediaMigration, type MediaMigrationRow } from '../platform-ops.repository.js';
import { audited } from './record-audit.js';

/**
 * Starts copying every stored file to `target` (from the other location) as a durable job: its row
 * and its job in one transaction, one at a time (409 ERR_MEDIA_MIGRATION_RUNNING). S3 as source or
 * target needs its settings (409 ERR_MEDIA_S3_NOT_CONFIGURED). Audited.
 */
export async function startMediaMigration(ctx: AppContext, actor: Actor, input: { target: MediaLocation }): Promise<MediaMigrationRow> {
  assertPlatformOperator(actor);
  const source: MediaLocation = input.target === 's3' ? 'local' : 's3';
  return audited(
    ctx,
    actor,
    { action: 'media.migrate', targetType: 'media', details: { source, target: input.target } },
    async () => {
      if (!ctx.media.backend('s3')) throw new AppError('ERR_MEDIA_S3_NOT_CONFIGURED');
      return transact(ctx, async (tx) => {
        const run = await insertMediaMigration(tx, { id: randomUUID(), source, target: input.target, requestedBy: actor.userId });
        if (!run) throw new AppError('ERR_MEDIA_MIGRATION_RUNNING');
        await ctx.jobs.send('platform-ops.media-migration', { runId: run.id }, { tx });
        return run;
      });
    },
    (run) => ({ runId: run.id }),
  );
}
