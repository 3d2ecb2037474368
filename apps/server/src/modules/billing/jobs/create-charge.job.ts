import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { createProviderCharge } from '../use-cases/create-provider-charge.js';

/** A payment's charge at the provider (Asaas); retried with backoff while the provider refuses or is unreachable. */
export const createChargeJob = defineJob({
  name: 'billing.create-charge',
  schema: z.object({ paymentId: z.uuid() }),
  retryLimit: 10,
  retryDelaySeconds: 30,
  policy: 'stately',
  async handler(ctx, { paymentId }) {
    await createProviderCharge(ctx, paymentId);
  },
});

declare module '../../../platform/jobs/define-job.js' {
  interface JobPayloads {
    'billing.create-charge': z.input<typeof createChargeJob.schema>;
  }
}
