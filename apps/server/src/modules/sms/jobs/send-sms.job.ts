import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { deliverSms } from '../use-cases/deliver-sms.js';

/** One SMS's send (use-cases/deliver-sms.ts): queued by queueSms in the claim's transaction. */
export const sendSmsJob = defineJob({
  name: 'sms.send',
  schema: z.object({ tenantId: z.number().int(), smsId: z.uuid() }),
  retryLimit: 5,
  retryDelaySeconds: 5,
  concurrency: 20,
  handler: (ctx, data, attempt) => deliverSms(ctx, data, attempt),
});

declare module '../../../platform/jobs/define-job.js' {
  interface JobPayloads {
    'sms.send': z.input<typeof sendSmsJob.schema>;
  }
}
