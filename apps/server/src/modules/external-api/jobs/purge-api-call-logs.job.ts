import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { purgeApiCallLogs } from '../use-cases/purge-api-call-logs.js';

/** Daily: the external API's call log keeps API_CALL_LOG_RETENTION_DAYS days. */
export const purgeApiCallLogsJob = defineJob({
  name: 'external-api.purge-call-logs',
  schema: z.looseObject({}),
  cron: '41 3 * * *',
  retryLimit: 1,
  async handler(ctx) {
    const purged = await purgeApiCallLogs(ctx);
    if (purged > 0) ctx.logger.info({ purged }, 'purged old external API call logs');
  },
});

declare module '../../../platform/jobs/define-job.js' {
  interface JobPayloads {
    'external-api.purge-call-logs': z.input<typeof purgeApiCallLogsJob.schema>;
  }
}
