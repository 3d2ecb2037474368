import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { failMediaMigration, migrateMedia } from '../use-cases/migrate-media.js';

/**
 * The media migration started from /atualizar (one at a time; progress in media_migrations). An
 * error (the bucket unreachable…) or a restart runs it again: it resumes, skipping what is copied.
 */
export const mediaMigrationJob = defineJob({
  name: 'platform-ops.media-migration',
  schema: z.object({ runId: z.uuid() }),
  retryLimit: 5,
  retryDelaySeconds: 3,
  concurrency: 1,
  async handler(ctx, data, attempt) {
    try {
      await migrateMedia(ctx, data.runId);
    } catch (error) {
      if (attempt.last) {
        ctx.logger.error({ err: error, runId: data.runId }, 'media migration failed');
        await failMediaMigration(ctx, data.runId, error);
        return;
      }
      throw error;
    }
  },
});

declare module '../../../platform/jobs/define-job.js' {
  interface JobPayloads {
    'platform-ops.media-migration': z.input<typeof mediaMigrationJob.schema>;
  }
}
