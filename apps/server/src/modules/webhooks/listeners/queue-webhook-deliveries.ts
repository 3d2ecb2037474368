import type { EventConsumer } from '../../../platform/events/consumers.js';
import { queueWebhookDeliveries } from '../use-cases/queue-webhook-deliveries.js';

/** The tenant's events, durably, to the webhook URLs of its active API configurations (see queueWebhookDeliveries). */
export const webhookDeliveriesConsumer: EventConsumer = {
  name: 'webhooks.deliveries',
  types: ['message.created', 'message.updated', 'ticket.changed', 'contact.changed'],
  async handle(ctx, event, eventId, loggedAt) {
    await queueWebhookDeliveries(ctx, event, eventId, loggedAt);
  },
};
