import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { runGroupBatch } from '../use-cases/run-group-batch.js';

/** One slice of a group tools' bulk action (use-cases/run-group-batch.ts); one queued per batch (stately). */
export const runGroupBatchJob = defineJob({
  name: 'group-tools.batch',
  schema: z.object({ tenantId: z.number().int(), batchId: z.number().int() }),
  policy: 'stately',
  retryLimit: 20,
  retryDelaySeconds: 2,
  concurrency: 5,
  pollingIntervalSeconds: 1,
  handler: (ctx, data) => runGroupBatch(ctx, data),
});

declare module '../../../platform/jobs/define-job.js' {
  interface JobPayloads {
    'group-tools.batch': z.input<typeof runGroupBatchJob.schema>;
  }
}
