import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { runCampaign } from '../use-cases/run-campaign.js';

/** One slice of a campaign's runner (see use-cases/run-campaign.ts); one queued per campaign run (stately). */
export const runCampaignJob = defineJob({
  name: 'campaign.run',
  schema: z.object({ tenantId: z.number().int(), campaignId: z.number().int(), run: z.number().int() }),
  policy: 'stately',
  retryLimit: 20,
  retryDelaySeconds: 2,
  concurrency: 10,
  pollingIntervalSeconds: 1,
  handler: (ctx, data) => runCampaign(ctx, data),
});

declare module '../../../platform/jobs/define-job.js' {
  interface JobPayloads {
    'campaign.run': z.input<typeof runCampaignJob.schema>;
  }
}
