import { batchedConsumer } from '../../../platform/events/batched-consumer.js';
import { queueWebhookDeliveries } from '../use-cases/queue-webhook-deliveries.js';

/**
 * The tenants' events, durably, to the webhook URLs of their active API configurations (see
 * queueWebhookDeliveries): the events relayed together make their deliveries in one transaction.
 */
export const webhookDeliveriesConsumer = batchedConsumer({
  name: 'webhooks.deliveries',
  types: ['message.created', 'message.updated', 'ticket.changed', 'contact.changed'],
  maxBatch: 100,
  async handleBatch(ctx, events) {
    await queueWebhookDeliveries(ctx, events);
  },
});
