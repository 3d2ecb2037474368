import type { z } from 'zod';
import { definePurgeJob } from '../../../platform/jobs/define-job.js';
import { purgeApiCallLogs } from '../use-cases/purge-api-call-logs.js';

/** Daily: the external API's call log keeps API_CALL_LOG_RETENTION_DAYS days. */
export const purgeApiCallLogsJob = definePurgeJob({
  name: 'external-api.purge-call-logs',
  cron: '41 3 * * *',
  purge: purgeApiCallLogs,
  what: 'old external API call logs',
});

declare module '../../../platform/jobs/define-job.js' {
  interface JobPayloads {
    'external-api.purge-call-logs': z.input<typeof purgeApiCallLogsJob.schema>;
  }
}
