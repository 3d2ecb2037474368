import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { failReportExport, runReportExport } from '../use-cases/run-report-export.js';

/** Writes a report export's file (POST /reports/{report}/exports) in the background. */
export const exportReportJob = defineJob({
  name: 'reports.export',
  schema: z.object({ tenantId: z.number().int(), exportId: z.uuid() }),
  retryLimit: 2,
  retryDelaySeconds: 5,
  concurrency: 2,
  async handler(ctx, data, attempt) {
    try {
      await runReportExport(ctx, data);
    } catch (error) {
      if (attempt.last) {
        ctx.logger.error({ err: error, exportId: data.exportId }, 'report export failed');
        await failReportExport(ctx, data, error);
        return;
      }
      throw error;
    }
  },
});

declare module '../../../platform/jobs/define-job.js' {
  interface JobPayloads {
    'reports.export': z.input<typeof exportReportJob.schema>;
  }
}
