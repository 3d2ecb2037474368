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
): Promise<Pick<WebhookDeliveryRow, 'id' | 'apiConfigId'>[]> {
  if (rows.length === 0) return [];
  return db
    .insert(webhookDeliveries)
    .values(rows.map((row) => ({ ...row, giveUpAt: sql`now() + make_interval(secs => ${windowSeconds})` })))
    .onConflictDoNothing()
    .returning({ id: webhookDeliveries.id, apiConfigId: webhookDeliveries.apiConfigId });
}

/**
 * An earlier event of the delivery `d`'s ticket that this module has not turned into deliveries yet:
 * events are relayed concurrently, so a later event's deliveries can be made first. Such an event is
 * still unrelayed and has no delivery for the configuration; the later delivery waits for it.
 * (Events of no ticket wait for nothing: tested first, so that they never scan the unrelayed events.)
 */
const EARLIER_EVENT_UNHANDLED = sql`(d.ticket_id is not null and exists (
  select 1 from domain_events e
  where e.relayed_at is null and e.id < d.event_id and e.tenant_id = d.tenant_id
    and e.type in ('message.created', 'message.updated', 'ticket.changed')
    and e.payload->>'ticketId' = d.ticket_id::text
    and not exists (select 1 from webhook_deliveries w where w.api_config_id = d.api_config_id and w.event_id = e.id)))`;

/** Whether the delivery waits for an earlier event of its ticket still being relayed (tests look at it). */
export async function waitsForUnhandledEvent(db: Db, tenantId: number, id: string): Promise<boolean> {
  const result = await db.execute(
    sql`select 1 from webhook_deliveries d where d.tenant_id = ${tenantId} and d.id = ${id} and ${EARLIER_EVENT_UNHANDLED}`,
  );
  return (result as { rows: unknown[] }).rows.length > 0;
}

/** An earlier delivery of `d`'s ticket to the same configuration is still pending: `d` waits for it. */
const EARLIER_OF_TICKET_PENDING = sql`(d.ticket_id is not null and exists (
  select 1 from webhook_deliveries earlier
  where earlier.api_config_id = d.api_config_id and earlier.ticket_id = d.ticket_id
    and earlier.state = 'pending' and (earlier.event_id, earlier.seq) < (d.event_id, d.seq)))`;

/** What an attempt needs of a delivery it holds. */
export type ClaimedDelivery = Pick<WebhookDeliveryRow, 'id' | 'eventId' | 'seq' | 'eventType' | 'ticketId' | 'body' | 'attempts'>;

/**
 * Takes up to `limit` of a configuration's pending deliveries for one attempt each, for
 * `claimSeconds`, oldest event first: those due, held by nobody, with no earlier delivery of the same
 * ticket still pending and no earlier event of the ticket still to be turned into deliveries (a
 * ticket's events arrive in order). One statement; another drain skips what this one locks.
 */
export async function claimDueDeliveries(
  db: Db,
  tenantId: number,
  apiConfigId: string,
  limit: number,
  claimSeconds: number,
): Promise<ClaimedDelivery[]> {
  const result = await db.execute(sql`
    update webhook_deliveries set claimed_until = now() + make_interval(secs => ${claimSeconds})
    where id in (
      select d.id from webhook_deliveries d
      where d.tenant_id = ${tenantId} and d.api_config_id = ${apiConfigId} and d.state = 'pending' and d.next_attempt_at <= now()
        and (d.claimed_until is null or d.claimed_until < now())
        and not ${EARLIER_OF_TICKET_PENDING} and not ${EARLIER_EVENT_UNHANDLED}
      order by d.event_id, d.seq
      limit ${limit}
      for update skip locked)
    returning id, event_id as "eventId", seq, event_type as "eventType", ticket_id as "ticketId", body, attempts`);
  return (result as { rows: ClaimedDelivery[] }).rows
    .map((row) => ({ ...row, eventId: Number(row.eventId) }))
    .sort((a, b) => a.eventId - b.eventId || a.seq - b.seq);
}

/**
 * When a configuration's deliveries next need a drain: the earliest time one of its pending
 * deliveries that is first of its ticket becomes due and free (held ones when their claim runs out).
 * Those waiting behind an earlier pending delivery of their ticket are woken by the drain that settles
 * it. Null when nothing is pending.
 */
export async function findNextDrainTime(db: Db, tenantId: number, apiConfigId: string): Promise<Date | null> {
  const result = await db.execute(sql`
    select min(greatest(d.next_attempt_at, coalesce(d.claimed_until, d.next_attempt_at))) as at
    from webhook_deliveries d
    where d.tenant_id = ${tenantId} and d.api_config_id = ${apiConfigId} and d.state = 'pending' and not ${EARLIER_OF_TICKET_PENDING}`);
  const at = (result as { rows: { at: string | Date | null }[] }).rows[0]?.at;
  return at ? new Date(at) : null;
}

/** Configurations with a pending delivery due and free now (the sweep wakes their drains). */
export async function findConfigsWithDueDeliveries(db: Db, limit: number): Promise<{ tenantId: number; apiConfigId: string }[]> {
  return db
    .selectDistinct({ tenantId: webhookDeliveries.tenantId, apiConfigId: webhookDeliveries.apiConfigId })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.state, 'pending'),
        sql`${webhookDeliveries.nextAttemptAt} <= now()`,
        sql`(${webhookDeliveries.claimedUntil} is null or ${webhookDeliveries.claimedUntil} < now())`,
      ),
    )
    .limit(limit);
}

export interface AttemptOutcome {
  delivered: boolean;
  statusCode: number | null;
  error: string | null;
  responseExcerpt: string | null;
}

/**
 * Records attempts and releases their claims, in one statement: each delivered; or pending again
 * after its `retrySeconds`; or failed when that would pass the delivery's give-up time.
 */
export async function recordAttempts(
  db: Db,
  tenantId: number,
  attempts: { id: string; outcome: AttemptOutcome; retrySeconds: number }[],
): Promise<void> {
  if (!attempts.length) return;
  const values = sql.join(
    attempts.map(
      ({ id, outcome, retrySeconds }) =>
        sql`(${id}::uuid, ${outcome.delivered}::boolean, ${outcome.statusCode}::int, ${outcome.error}::text, ${outcome.responseExcerpt}::text, ${retrySeconds}::float8)`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    update webhook_deliveries d set
      attempts = d.attempts + 1,
      last_status_code = a.status_code,
      last_error = a.error,
      response_excerpt = a.excerpt,
      claimed_until = null,
      updated_at = now(),
      state = case when a.delivered then 'delivered'
                   when now() + make_interval(secs => a.retry_seconds) > d.give_up_at then 'failed'
                   else 'pending' end,
      delivered_at = case when a.delivered then now() else d.delivered_at end,
      next_attempt_at = case when a.delivered then d.next_attempt_at else now() + make_interval(secs => a.retry_seconds) end
    from (values ${values}) as a(id, delivered, status_code, error, excerpt, retry_seconds)
    where d.tenant_id = ${tenantId} and d.id = a.id`);
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
