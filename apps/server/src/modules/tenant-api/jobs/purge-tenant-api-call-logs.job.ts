import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { purgeTenantApiCallLogs } from '../use-cases/purge-tenant-api-call-logs.js';

/** Daily: the Tenant API's call log keeps API_CALL_LOG_RETENTION_DAYS days. */
export const purgeTenantApiCallLogsJob = defineJob({
  name: 'tenant-api.purge-call-logs',
  schema: z.looseObject({}),
  cron: '47 3 * * *',
  retryLimit: 1,
  async handler(ctx) {
    const purged = await purgeTenantApiCallLogs(ctx);
    if (purged > 0) ctx.logger.info({ purged }, 'purged old Tenant API call logs');
  },
});

declare module '../../../platform/jobs/define-job.js' {
  interface JobPayloads {
    'tenant-api.purge-call-logs': z.input<typeof purgeTenantApiCallLogsJob.schema>;
  }
}
