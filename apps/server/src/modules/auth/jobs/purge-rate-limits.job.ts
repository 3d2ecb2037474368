import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { purgeRateLimits } from '../auth.repository.js';

/** Counters older than a day are spent (the longest window is an hour): one row per e-mail and IP must not pile up. */
export const RATE_LIMIT_RETENTION_SECONDS = 24 * 3600;

export const purgeRateLimitsJob = defineJob({
  name: 'auth.purge-rate-limits',
  schema: z.looseObject({}),
  cron: '17 * * * *',
  retryLimit: 1,
  async handler(ctx) {
    const purged = await purgeRateLimits(ctx.db, RATE_LIMIT_RETENTION_SECONDS);
    if (purged > 0) ctx.logger.debug({ purged }, 'purged old rate-limit counters');
  },
});

declare module '../../../platform/jobs/define-job.js' {
  interface JobPayloads {
    'auth.purge-rate-limits': z.input<typeof purgeRateLimitsJob.schema>;
  }
}
