import type { ModuleRegistration } from '../../platform/module.js';
import { deliverWebhookJob } from './jobs/deliver-webhook.job.js';
import { purgeWebhookDeliveriesJob } from './jobs/purge-webhook-deliveries.job.js';
import { webhookDeliveriesConsumer } from './listeners/queue-webhook-deliveries.js';

export const webhooksModule: ModuleRegistration = {
  name: 'webhooks',
  jobs: [deliverWebhookJob, purgeWebhookDeliveriesJob],
  consumers: [webhookDeliveriesConsumer],
};
