import type { z } from 'zod';
import { definePurgeJob } from '../../../platform/jobs/define-job.js';
import { purgeRateLimits } from '../auth.repository.js';

/** Counters older than a day are spent (the longest window is an hour): one row per e-mail and IP must not pile up. */
export const RATE_LIMIT_RETENTION_SECONDS = 24 * 3600;

export const purgeRateLimitsJob = definePurgeJob({
  name: 'auth.purge-rate-limits',
  cron: '17 * * * *',
  purge: (ctx) => purgeRateLimits(ctx.db, RATE_LIMIT_RETENTION_SECONDS),
  what: 'old rate-limit counters',
  level: 'debug',
});

declare module '../../../platform/jobs/define-job.js' {
  interface JobPayloads {
    'auth.purge-rate-limits': z.input<typeof purgeRateLimitsJob.schema>;
  }
}
