import type { ModuleRegistration } from '../../platform/module.js';
import { drainWebhookDeliveriesJob } from './jobs/drain-webhook-deliveries.job.js';
import { purgeWebhookDeliveriesJob } from './jobs/purge-webhook-deliveries.job.js';
import { sweepWebhookDrainsJob } from './jobs/sweep-webhook-drains.job.js';
import { webhookDeliveriesConsumer } from './listeners/queue-webhook-deliveries.js';

export const webhooksModule: ModuleRegistration = {
  name: 'webhooks',
  jobs: [drainWebhookDeliveriesJob, sweepWebhookDrainsJob, purgeWebhookDeliveriesJob],
  consumers: [webhookDeliveriesConsumer],
};
