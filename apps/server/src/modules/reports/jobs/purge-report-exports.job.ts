import type { z } from 'zod';
import { definePurgeJob } from '../../../platform/jobs/define-job.js';
import { purgeReportExports } from '../use-cases/purge-report-exports.js';

/** Hourly: report exports and their files go once older than REPORT_EXPORT_RETENTION_HOURS (24 h). */
export const purgeReportExportsJob = definePurgeJob({
  name: 'reports.purge-exports',
  cron: '23 * * * *',
  purge: purgeReportExports,
  what: 'old report exports',
});

declare module '../../../platform/jobs/define-job.js' {
  interface JobPayloads {
    'reports.purge-exports': z.input<typeof purgeReportExportsJob.schema>;
  }
}
