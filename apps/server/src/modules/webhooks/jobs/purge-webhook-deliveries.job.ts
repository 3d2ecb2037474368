import type { z } from 'zod';
import { definePurgeJob } from '../../../platform/jobs/define-job.js';
import { purgeWebhookDeliveries } from '../use-cases/purge-webhook-deliveries.js';

/** Daily: the delivery log keeps WEBHOOK_DELIVERY_RETENTION_DAYS days of settled deliveries. */
export const purgeWebhookDeliveriesJob = definePurgeJob({
  name: 'webhooks.purge-deliveries',
  cron: '47 3 * * *',
  purge: purgeWebhookDeliveries,
  what: 'old webhook deliveries',
});

declare module '../../../platform/jobs/define-job.js' {
  interface JobPayloads {
    'webhooks.purge-deliveries': z.input<typeof purgeWebhookDeliveriesJob.schema>;
  }
}
