import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { runBillingRound } from '../use-cases/run-billing-round.js';

/** Every minute: charges due, overdue payments, blocks (use-cases/run-billing-round.ts). */
export const billingRoundJob = defineJob({
  name: 'billing.round',
  schema: z.looseObject({}),
  cron: '* * * * *',
  retryLimit: 0,
  async handler(ctx) {
    await runBillingRound(ctx);
  },
});

declare module '../../../platform/jobs/define-job.js' {
  interface JobPayloads {
    'billing.round': z.input<typeof billingRoundJob.schema>;
  }
}
