import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { drainWebhookDeliveries } from '../use-cases/drain-webhook-deliveries.js';

/**
 * Sends a configuration's due webhook deliveries in batches (drainWebhookDeliveries). 'stately' with
 * the configuration as singletonKey: one drain runs per configuration on the whole platform, one more
 * waits (a wake-up while it runs is not lost). The delivery rows hold the schedule (backoff, retry
 * window, order per ticket); the job's own retries only cover a failure to reach the database.
 */
export const drainWebhookDeliveriesJob = defineJob({
  name: 'webhooks.drain',
  schema: z.object({ tenantId: z.number().int(), apiConfigId: z.uuid() }),
  policy: 'stately',
  retryLimit: 5,
  retryDelaySeconds: 5,
  // Each drain mostly waits on its receiver (up to WEBHOOK_TIMEOUT_MS); one per configuration.
  concurrency: 20,
  pollingIntervalSeconds: 1,
  async handler(ctx, { tenantId, apiConfigId }) {
    await drainWebhookDeliveries(ctx, tenantId, apiConfigId);
  },
});

declare module '../../../platform/jobs/define-job.js' {
  interface JobPayloads {
    'webhooks.drain': z.input<typeof drainWebhookDeliveriesJob.schema>;
  }
}
