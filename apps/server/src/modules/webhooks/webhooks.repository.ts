import type { WebhookDeliveryState } from '@conversa/shared';
import { and, desc, eq, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { webhookDeliveries } from '../../platform/db/schema.js';

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type NewWebhookDelivery = Pick<
  typeof webhookDeliveries.$inferInsert,
  'tenantId' | 'apiConfigId' | 'eventId' | 'seq' | 'eventType' | 'ticketId' | 'body'
>;

/** New deliveries; those of a (configuration, event) already made (a re-relayed event) are skipped. Answers the new ones. */
export async function insertDeliveries(
  db: Db,
  rows: NewWebhookDelivery[],
  windowSeconds: number,
): Promise<Pick<WebhookDeliveryRow, 'id' | 'tenantId'>[]> {
  if (rows.length === 0) return [];
  return db
    .insert(webhookDeliveries)
    .values(rows.map((row) => ({ ...row, giveUpAt: sql`now() + make_interval(secs => ${windowSeconds})` })))
    .onConflictDoNothing()
    .returning({ id: webhookDeliveries.id, tenantId: webhookDeliveries.tenantId });
}

export async function findDelivery(db: Db, tenantId: number, id: string): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.tenantId, tenantId), eq(webhookDeliveries.id, id)));
  return row;
}

/**
 * An earlier event of the delivery's ticket that this module has not turned into deliveries yet:
 * events are relayed concurrently, so a later event's deliveries can be made first. Such an event is
 * still unrelayed and has no delivery for the configuration; the later delivery waits for it.
 */
const EARLIER_EVENT_UNHANDLED = sql`exists (
  select 1 from domain_events e
  where e.relayed_at is null and e.id < webhook_deliveries.event_id and e.tenant_id = webhook_deliveries.tenant_id
    and e.type in ('message.created', 'message.updated', 'ticket.changed')
    and e.payload->>'ticketId' = webhook_deliveries.ticket_id::text
    and not exists (select 1 from webhook_deliveries w where w.api_config_id = webhook_deliveries.api_config_id and w.event_id = e.id))`;

export async function waitsForUnhandledEvent(db: Db, tenantId: number, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.tenantId, tenantId), eq(webhookDeliveries.id, id), EARLIER_EVENT_UNHANDLED));
  return row !== undefined;
}

/**
 * Takes a pending delivery for one attempt, for `claimSeconds`: only when it is due, nobody holds it,
 * no earlier delivery of the same ticket to the same configuration is still pending, and no earlier
 * event of the ticket is still to be turned into deliveries (a ticket's events arrive in order).
 * Undefined when it cannot be taken now.
 */
export async function claimDelivery(db: Db, tenantId: number, id: string, claimSeconds: number): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ claimedUntil: sql`now() + make_interval(secs => ${claimSeconds})` })
    .where(
      and(
        eq(webhookDeliveries.tenantId, tenantId),
        eq(webhookDeliveries.id, id),
        eq(webhookDeliveries.state, 'pending'),
        sql`${webhookDeliveries.nextAttemptAt} <= now()`,
        sql`(${webhookDeliveries.claimedUntil} is null or ${webhookDeliveries.claimedUntil} < now())`,
        sql`not exists (
          select 1 from webhook_deliveries earlier
          where earlier.api_config_id = webhook_deliveries.api_config_id and earlier.ticket_id = webhook_deliveries.ticket_id
            and earlier.state = 'pending' and (earlier.event_id, earlier.seq) < (webhook_deliveries.event_id, webhook_deliveries.seq))`,
        sql`not ${EARLIER_EVENT_UNHANDLED}`,
      ),
    )
    .returning();
  return row;
}

export interface AttemptOutcome {
  delivered: boolean;
  statusCode: number | null;
  error: string | null;
  responseExcerpt: string | null;
}

/**
 * Records an attempt and releases the claim: delivered; or pending again after `retrySeconds`; or
 * failed when that would pass the delivery's give-up time.
 */
export async function recordAttempt(
  db: Db,
  tenantId: number,
  id: string,
  outcome: AttemptOutcome,
  retrySeconds: number,
): Promise<WebhookDeliveryRow | undefined> {
  const retryAt = sql`now() + make_interval(secs => ${retrySeconds})`;
  const [row] = await db
    .update(webhookDeliveries)
    .set({
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      lastStatusCode: outcome.statusCode,
      lastError: outcome.error,
      responseExcerpt: outcome.responseExcerpt,
      claimedUntil: null,
      updatedAt: sql`now()`,
      ...(outcome.delivered
        ? { state: 'delivered' as const, deliveredAt: sql`now()` }
        : {
            state: sql`case when ${retryAt} > ${webhookDeliveries.giveUpAt} then 'failed' else 'pending' end`,
            nextAttemptAt: retryAt,
          }),
    })
    .where(and(eq(webhookDeliveries.tenantId, tenantId), eq(webhookDeliveries.id, id)))
    .returning();
  return row;
}

/** The first pending delivery of a ticket to a configuration: the one whose turn it is. */
export async function findFirstPendingOfTicket(
  db: Db,
  apiConfigId: string,
  ticketId: number,
): Promise<Pick<WebhookDeliveryRow, 'id' | 'tenantId' | 'nextAttemptAt'> | undefined> {
  const [row] = await db
    .select({ id: webhookDeliveries.id, tenantId: webhookDeliveries.tenantId, nextAttemptAt: webhookDeliveries.nextAttemptAt })
    .from(webhookDeliveries)
    .where(
      and(eq(webhookDeliveries.apiConfigId, apiConfigId), eq(webhookDeliveries.ticketId, ticketId), eq(webhookDeliveries.state, 'pending')),
    )
    .orderBy(webhookDeliveries.eventId, webhookDeliveries.seq)
    .limit(1);
  return row;
}

/** A page of a configuration's deliveries, newest first (optionally of one state); one more row than asked tells whether more follow. */
export async function listDeliveries(
  db: Db,
  tenantId: number,
  apiConfigId: string,
  state: WebhookDeliveryState | undefined,
  offset: number,
  limit: number,
): Promise<WebhookDeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.tenantId, tenantId),
        eq(webhookDeliveries.apiConfigId, apiConfigId),
        state ? eq(webhookDeliveries.state, state) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.eventId), desc(webhookDeliveries.seq))
    .offset(offset)
    .limit(limit);
}

/** Makes a delivery pending again, due now, with a new retry window. */
export async function markForResend(
  db: Db,
  tenantId: number,
  apiConfigId: string,
  id: string,
  windowSeconds: number,
): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({
      state: 'pending',
      nextAttemptAt: sql`now()`,
      giveUpAt: sql`now() + make_interval(secs => ${windowSeconds})`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(webhookDeliveries.tenantId, tenantId), eq(webhookDeliveries.apiConfigId, apiConfigId), eq(webhookDeliveries.id, id)))
    .returning();
  return row;
}

/** Deletes delivered and failed deliveries settled before `before`, across tenants (the retention sweep). Answers how many. */
export async function purgeSettledDeliveries(db: Db, before: Date): Promise<number> {
  const deleted = await db
    .delete(webhookDeliveries)
    .where(and(ne(webhookDeliveries.state, 'pending'), lt(webhookDeliveries.updatedAt, before)))
    .returning({ id: webhookDeliveries.id });
  return deleted.length;
}
