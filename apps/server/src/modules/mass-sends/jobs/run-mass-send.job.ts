import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { runMassSend } from '../use-cases/run-mass-send.js';

/** One slice of a mass send's runner (see use-cases/run-mass-send.ts); one queued per mass send run (stately). */
export const runMassSendJob = defineJob({
  name: 'massSend.run',
  schema: z.object({ tenantId: z.number().int(), massSendId: z.number().int(), run: z.number().int() }),
  policy: 'stately',
  retryLimit: 20,
  retryDelaySeconds: 2,
  concurrency: 10,
  pollingIntervalSeconds: 1,
  handler: (ctx, data) => runMassSend(ctx, data),
});

declare module '../../../platform/jobs/define-job.js' {
  interface JobPayloads {
    'massSend.run': z.input<typeof runMassSendJob.schema>;
  }
}
