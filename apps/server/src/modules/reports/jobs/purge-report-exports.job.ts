import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { purgeReportExports } from '../use-cases/purge-report-exports.js';

/** Hourly: report exports and their files go once older than REPORT_EXPORT_RETENTION_HOURS (24 h). */
export const purgeReportExportsJob = defineJob({
  name: 'reports.purge-exports',
  schema: z.looseObject({}),
  cron: '23 * * * *',
  retryLimit: 1,
  async handler(ctx) {
    const purged = await purgeReportExports(ctx);
    if (purged > 0) ctx.logger.info({ purged }, 'purged old report exports');
  },
});

declare module '../../../platform/jobs/define-job.js' {
  interface JobPayloads {
    'reports.purge-exports': z.input<typeof purgeReportExportsJob.schema>;
  }
}
