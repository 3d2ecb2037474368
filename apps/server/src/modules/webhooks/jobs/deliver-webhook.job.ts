import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { attemptWebhookDelivery } from '../use-cases/attempt-webhook-delivery.js';

/**
 * One attempt of a webhook delivery. The delivery row holds the schedule (backoff, retry window,
 * order per ticket): each attempt queues the next one itself, so the job's own retries only cover a
 * failure to reach the database.
 */
export const deliverWebhookJob = defineJob({
  name: 'webhooks.deliver',
  schema: z.object({ tenantId: z.number().int(), deliveryId: z.uuid() }),
  retryLimit: 5,
  retryDelaySeconds: 5,
  // Mostly waiting on receivers (up to WEBHOOK_TIMEOUT_MS each).
  concurrency: 50,
  pollingIntervalSeconds: 1,
  async handler(ctx, { tenantId, deliveryId }) {
    await attemptWebhookDelivery(ctx, tenantId, deliveryId);
  },
});

declare module '../../../platform/jobs/define-job.js' {
  interface JobPayloads {
    'webhooks.deliver': z.input<typeof deliverWebhookJob.schema>;
  }
}
