import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { cleanOrphanedMedia, failMediaCleanup } from '../use-cases/clean-orphaned-media.js';

/** The orphaned-media cleanup started from /atualizar (one at a time; progress in maintenance_runs). */
export const mediaCleanupJob = defineJob({
  name: 'platform-ops.media-cleanup',
  schema: z.object({ runId: z.uuid() }),
  retryLimit: 2,
  retryDelaySeconds: 5,
  concurrency: 1,
  async handler(ctx, data, attempt) {
    try {
      await cleanOrphanedMedia(ctx, data.runId);
    } catch (error) {
      if (attempt.last) {
        ctx.logger.error({ err: error, runId: data.runId }, 'media cleanup failed');
        await failMediaCleanup(ctx, data.runId, error);
        return;
      }
      throw error;
    }
  },
});

declare module '../../../platform/jobs/define-job.js' {
  interface JobPayloads {
    'platform-ops.media-cleanup': z.input<typeof mediaCleanupJob.schema>;
  }
}
