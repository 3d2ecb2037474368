import { DEFAULT_RATING_SETTINGS, type RatingSettings } from '@conversa/shared';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { evaluations, ratingSettings } from '../../platform/db/schema.js';
import type { Bindable } from '../../platform/db/prepared.js';

async function select<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

export type EvaluationRow = typeof evaluations.$inferSelect;

export async function readRatingSettings(db: Db, tenantId: number): Promise<RatingSettings> {
  const [row] = await db.select().from(ratingSettings).where(eq(ratingSettings.tenantId, tenantId));
  if (!row) return { ...DEFAULT_RATING_SETTINGS };
  return {
    requestMessage: row.requestMessage,
    invalidMessage: row.invalidMessage,
    thanksMessage: row.thanksMessage,
    maxAttempts: row.maxAttempts,
  };
}

export async function writeRatingSettings(db: Db, tenantId: number, values: RatingSettings): Promise<RatingSettings> {
  await db
    .insert(ratingSettings)
    .values({ tenantId, ...values })
    .onConflictDoUpdate({ target: ratingSettings.tenantId, set: { ...values, updatedAt: sql`now()` } });
  return readRatingSettings(db, tenantId);
}

export async function insertEvaluation(
  db: Db,
  values: { tenantId: number; ticketId: number; userId: number | null; queueId: number | null },
): Promise<EvaluationRow> {
  const [row] = await db.insert(evaluations).values(values).returning();
  return row;
}

/** The rating a ticket waits for, locked until the end of the transaction. */
export async function lockAwaitingEvaluation(db: Db, tenantId: number, ticketId: number): Promise<EvaluationRow | undefined> {
  const [row] = await db
    .select()
    .from(evaluations)
    .where(and(eq(evaluations.tenantId, tenantId), eq(evaluations.ticketId, ticketId), eq(evaluations.status, 'awaiting')))
    .for('update');
  return row;
}

export async function updateEvaluation(
  db: Db,
  tenantId: number,
  id: number,
  changes: Partial<Pick<EvaluationRow, 'status' | 'rating' | 'attempts' | 'lastMessageId' | 'ratedAt'>>,
): Promise<void> {
  await db
    .update(evaluations)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(evaluations.tenantId, tenantId), eq(evaluations.id, id)));
}

/** Whether the ticket waits for a rating asked less than `seconds` ago. */
export async function hasAwaitingEvaluationAskedWithin(db: Db, tenantId: number, ticketId: number, seconds: number): Promise<boolean> {
  const rows = await db
    .select({ id: evaluations.id })
    .from(evaluations)
    .where(
      and(
        eq(evaluations.tenantId, tenantId),
        eq(evaluations.ticketId, ticketId),
        eq(evaluations.status, 'awaiting'),
        sql`${evaluations.createdAt} > now() - make_interval(secs => ${seconds})`,
      ),
    );
  return rows.length > 0;
}

/** The awaiting rating of a ticket is dropped (the ticket was resolved, reopened or returned otherwise). */
export async function cancelAwaitingEvaluation(db: Db, tenantId: number, ticketId: number): Promise<boolean> {
  const rows = await db
    .update(evaluations)
    .set({ status: 'cancelled', updatedAt: sql`now()` })
    .where(and(eq(evaluations.tenantId, tenantId), eq(evaluations.ticketId, ticketId), eq(evaluations.status, 'awaiting')))
    .returning({ id: evaluations.id });
  return rows.length > 0;
}

export interface EvaluationFilters {
  dateFrom?: string;
  dateTo?: string;
  userId?: number;
  queueId?: number;
}

export interface EvaluationView {
  id: number;
  ticketId: number;
  rating: number;
  attempts: number;
  userId: number | null;
  username: string | null;
  queueId: number | null;
  queueName: string | null;
  contactName: string;
  ratedAt: Date;
}

/** Rated evaluations only; days are the tenant's (its time zone). */
function ratedWhere(tenantId: number, filters: EvaluationFilters) {
  const day = sql`(e.rated_at at time zone (select time_zone from tenants where id = ${tenantId}))::date`;
  return sql.join(
    [
      sql`e.tenant_id = ${tenantId} and e.status = 'rated'`,
      filters.dateFrom ? sql`${day} >= ${filters.dateFrom}::date` : undefined,
      filters.dateTo ? sql`${day} <= ${filters.dateTo}::date` : undefined,
      filters.userId ? sql`e.user_id = ${filters.userId}` : undefined,
      filters.queueId ? sql`e.queue_id = ${filters.queueId}` : undefined,
    ].filter((part) => part !== undefined),
    sql` and `,
  );
}

export async function listRatedEvaluations(
  db: Db,
  tenantId: number,
  filters: EvaluationFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: EvaluationView[]; count: number }> {
  const where = ratedWhere(tenantId, filters);
  const result = await select<{
    id: number;
    ticket_id: number;
    rating: number;
    attempts: number;
    user_id: number | null;
    username: string | null;
    queue_id: number | null;
    queue_name: string | null;
    contact_name: string;
    rated_at: string | Date;
    total: number;
  }>(
    db,
    sql`
    select e.id, e.ticket_id, e.rating, e.attempts, e.user_id, u.name as username, e.queue_id, q.name as queue_name,
      ct.name as contact_name, e.rated_at, count(*) over ()::int as total
    from evaluations e
    join tickets t on t.id = e.ticket_id and t.tenant_id = e.tenant_id
    join contacts ct on ct.id = t.contact_id
    left join users u on u.id = e.user_id
    left join queues q on q.id = e.queue_id
    where ${where}
    order by e.rated_at desc, e.id desc
    limit ${page.limit} offset ${page.offset}`,
  );
  const rows = result.map((r) => ({
    id: r.id,
    ticketId: r.ticket_id,
    rating: r.rating,
    attempts: r.attempts,
    userId: r.user_id,
    username: r.username,
    queueId: r.queue_id,
    queueName: r.queue_name,
    contactName: r.contact_name,
    ratedAt: new Date(r.rated_at),
  }));
  let count = result[0]?.total ?? 0;
  if (rows.length === 0 && page.offset > 0) count = await countRated(db, tenantId, filters);
  return { rows, count };
}

async function countRated(db: Db, tenantId: number, filters: EvaluationFilters): Promise<number> {
  const result = await select<{ total: number }>(
    db,
    sql`select count(*)::int as total from evaluations e where ${ratedWhere(tenantId, filters)}`,
  );
  return result[0]?.total ?? 0;
}

export async function averageRatingPerAgent(
  db: Db,
  tenantId: number,
  filters: EvaluationFilters,
): Promise<{ userId: number | null; username: string | null; average: number; count: number }[]> {
  const result = await select<{ user_id: number | null; username: string | null; average: string | number; count: number }>(
    db,
    sql`
    select e.user_id, u.name as username, round(avg(e.rating), 2) as average, count(*)::int as count
    from evaluations e
    left join users u on u.id = e.user_id
    where ${ratedWhere(tenantId, filters)}
    group by e.user_id, u.name
    order by average desc, count desc, u.name`,
  );
  return result.map((r) => ({ userId: r.user_id, username: r.username, average: Number(r.average), count: r.count }));
}

/** The evaluation of a ticket that this customer message already answered (a re-run of the same message). */
export async function findEvaluationAnsweredBy(
  db: Db,
  tenantId: number,
  ticketId: number,
  messageId: string,
): Promise<EvaluationRow | undefined> {
  const [row] = await db
    .select()
    .from(evaluations)
    .where(and(eq(evaluations.tenantId, tenantId), eq(evaluations.ticketId, ticketId), eq(evaluations.lastMessageId, messageId)))
    .limit(1);
  return row;
}

/**
 * Whether a customer's message may concern a rating (an unlocked read, before any transaction): the
 * ticket awaits one, or this message already answered one (the step runs again after a crash).
 */
/** Probe (see InboundAutomationStep): whether the ticket waits for a rating, or this message was already counted as one. */
export function mayAnswerRatingProbe(tenantId: Bindable<number>, ticketId: Bindable<number>, messageId: Bindable<string>): SQL {
  return sql`exists (select 1 from ${evaluations} where ${evaluations.tenantId} = ${tenantId} and ${evaluations.ticketId} = ${ticketId}
    and (${evaluations.status} = 'awaiting' or ${evaluations.lastMessageId} = ${messageId}))`;
}
