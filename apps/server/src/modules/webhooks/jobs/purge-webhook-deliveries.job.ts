import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { purgeWebhookDeliveries } from '../use-cases/purge-webhook-deliveries.js';

/** Daily: the delivery log keeps WEBHOOK_DELIVERY_RETENTION_DAYS days of settled deliveries. */
export const purgeWebhookDeliveriesJob = defineJob({
  name: 'webhooks.purge-deliveries',
  schema: z.looseObject({}),
  cron: '47 3 * * *',
  retryLimit: 1,
  async handler(ctx) {
    const purged = await purgeWebhookDeliveries(ctx);
    if (purged > 0) ctx.logger.info({ purged }, 'purged old webhook deliveries');
  },
});

declare module '../../../platform/jobs/define-job.js' {
  interface JobPayloads {
    'webhooks.purge-deliveries': z.input<typeof purgeWebhookDeliveriesJob.schema>;
  }
}
