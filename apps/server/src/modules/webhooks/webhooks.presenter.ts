import type { WebhookDelivery } from '@conversa/shared';
import type { WebhookDeliveryRow } from './webhooks.repository.js';

/** The webhook event's id as its body and `X-Conversa-Event-Id` carry it: the domain event's id, then the event's place in it. */
export const webhookEventId = (row: Pick<WebhookDeliveryRow, 'eventId' | 'seq'>) => `${row.eventId}-${row.seq}`;

export function presentWebhookDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventId: webhookEventId(row),
    eventType: row.eventType,
    ticketId: row.ticketId,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    responseExcerpt: row.responseExcerpt,
    state: row.state,
    nextAttemptAt: row.state === 'pending' ? row.nextAttemptAt.toISOString() : null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
