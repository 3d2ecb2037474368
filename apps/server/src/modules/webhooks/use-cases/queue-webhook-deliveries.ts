import type { AppContext } from '../../../app-context.js';
import type { DomainEvent } from '../../../platform/events/domain-events.js';
import { transact } from '../../../platform/events/transact.js';
import { listWebhookTargets } from '../../external-api/use-cases/webhook-targets.js';
import { mayGiveWebhookEvents, webhookEventsOf } from '../webhook-events.js';
import { insertDeliveries, type NewWebhookDelivery } from '../webhooks.repository.js';
import { webhookEventId } from '../webhooks.presenter.js';
import { wakeWebhookDrain } from './drain-webhook-deliveries.js';

/**
 * A committed domain event becomes one delivery per webhook event and per active API configuration
 * of its tenant with a webhook URL, each with its exact JSON body, and a wake-up of each
 * configuration's drain, in one transaction. Idempotent: a re-relayed event finds its deliveries made (unique configuration +
 * event + place) and queues nothing again.
 */
export async function queueWebhookDeliveries(
  ctx: AppContext,
  event: DomainEvent,
  eventId: string,
  loggedAt: Date = new Date(),
): Promise<number> {
  if (!mayGiveWebhookEvents(event)) return 0;
  const targets = await listWebhookTargets(ctx, event.tenantId);
  if (targets.length === 0) return 0;
  const webhookEvents = await webhookEventsOf(ctx, event);
  if (webhookEvents.length === 0) return 0;
  const id = Number(eventId);
  const createdAt = loggedAt.toISOString();
  const rows: NewWebhookDelivery[] = targets.flatMap((target) =>
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
  return transact(ctx, async (tx) => {
    const created = await insertDeliveries(tx, rows, ctx.env.WEBHOOK_RETRY_WINDOW_SECONDS);
    for (const apiConfigId of new Set(created.map((delivery) => delivery.apiConfigId)))
      await wakeWebhookDrain(ctx, event.tenantId, apiConfigId, { tx });
    return created.length;
  });
}
