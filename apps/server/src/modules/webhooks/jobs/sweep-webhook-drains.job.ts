import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { wakeDueWebhookDrains } from '../use-cases/wake-due-webhook-drains.js';

/** Every minute: a configuration with due deliveries and no drain on its way gets one (wakeDueWebhookDrains). */
export const sweepWebhookDrainsJob = defineJob({
  name: 'webhooks.sweep-drains',
  schema: z.looseObject({}),
  cron: '* * * * *',
  retryLimit: 0,
  async handler(ctx) {
    await wakeDueWebhookDrains(ctx);
  },
});

declare module '../../../platform/jobs/define-job.js' {
  interface JobPayloads {
    'webhooks.sweep-drains': z.input<typeof sweepWebhookDrainsJob.schema>;
  }
}
