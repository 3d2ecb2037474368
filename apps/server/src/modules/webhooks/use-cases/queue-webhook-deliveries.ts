import type { AppContext } from '../../../app-context.js';
import type { ConsumedEvent } from '../../../platform/events/batched-consumer.js';
import { transact } from '../../../platform/events/transact.js';
import { listWebhookTargets } from '../../external-api/use-cases/webhook-targets.js';
import { mayGiveWebhookEvents, webhookEventsOf } from '../webhook-events.js';
import { insertDeliveries, type NewWebhookDelivery } from '../webhooks.repository.js';
import { webhookEventId } from '../webhooks.presenter.js';
import { wakeWebhookDrain } from './drain-webhook-deliveries.js';

/** The deliveries of one committed domain event: one per webhook event and per target of its tenant. */
async function deliveriesOf(ctx: AppContext, { event, eventId, loggedAt }: ConsumedEvent): Promise<NewWebhookDelivery[]> {
  if (!mayGiveWebhookEvents(event)) return [];
  const targets = await listWebhookTargets(ctx, event.tenantId);
  if (targets.length === 0) return [];
  const webhookEvents = await webhookEventsOf(ctx, event);
  const id = Number(eventId);
  const createdAt = loggedAt.toISOString();
  return targets.flatMap((target) =>
    webhookEvents.map((webhookEvent, seq) => ({
      tenantId: event.tenantId,
      apiConfigId: target.id,
      eventId: id,
      seq,
      eventType: webhookEvent.type,
      ticketId: webhookEvent.ticketId,
      body: JSON.stringify({
        id: webhookEventId({ eventId: id, seq }),
        type: webhookEvent.type,
        tenantId: event.tenantId,
        createdAt,
        data: webhookEvent.data,
      }),
    })),
  );
}

/**
 * Committed domain events become one delivery per webhook event and per active API configuration
 * of their tenant with a webhook URL, each with its exact JSON body, and a wake-up of each
 * configuration's drain, in one transaction for all of them (the consumer hands over the events
 * relayed together). Idempotent: a re-relayed event finds its deliveries made (unique configuration
 * + event + place) and queues nothing again. Answers how many deliveries were made.
 */
export async function queueWebhookDeliveries(ctx: AppContext, events: readonly ConsumedEvent[]): Promise<number> {
  const rows = (await Promise.all(events.map((entry) => deliveriesOf(ctx, entry)))).flat();
  if (rows.length === 0) return 0;
  return transact(ctx, async (tx) => {
    const created = await insertDeliveries(tx, rows, ctx.env.WEBHOOK_RETRY_WINDOW_SECONDS);
    const tenantOf = new Map(rows.map((row) => [row.apiConfigId, row.tenantId]));
    for (const apiConfigId of new Set(created.map((delivery) => delivery.apiConfigId)))
      await wakeWebhookDrain(ctx, tenantOf.get(apiConfigId)!, apiConfigId, { tx });
    return created.length;
  });
}
