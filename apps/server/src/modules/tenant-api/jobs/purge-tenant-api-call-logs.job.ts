import type { z } from 'zod';
import { definePurgeJob } from '../../../platform/jobs/define-job.js';
import { purgeTenantApiCallLogs } from '../use-cases/purge-tenant-api-call-logs.js';

/** Daily: the Tenant API's call log keeps API_CALL_LOG_RETENTION_DAYS days. */
export const purgeTenantApiCallLogsJob = definePurgeJob({
  name: 'tenant-api.purge-call-logs',
  cron: '47 3 * * *',
  purge: purgeTenantApiCallLogs,
  what: 'old Tenant API call logs',
});

declare module '../../../platform/jobs/define-job.js' {
  interface JobPayloads {
    'tenant-api.purge-call-logs': z.input<typeof purgeTenantApiCallLogsJob.schema>;
  }
}
