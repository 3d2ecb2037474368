import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { queryFixed, type FixedStatement } from '../../platform/db/prepared.js';
import { queues, userQueues, users } from '../../platform/db/schema.js';

export type QueueRow = typeof queues.$inferSelect;
export type QueueWithUsers = QueueRow & { userIds: number[] };

// Drizzle leaves columns unqualified in select lists, so correlated subqueries there name their tables explicitly.
const userIdsOfQueue = sql<
  number[]
>`coalesce((select array_agg(uq.user_id order by uq.user_id) from user_queues uq where uq.queue_id = "queues"."id"), '{}')`;

const HAS_GREETINGS: FixedStatement = {
  name: 'queues_have_greetings',
  text: `select exists (select 1 from queues where tenant_id = $1 and btrim(coalesce(greeting_message, '')) <> '') as "yes"`,
};

/** Whether any queue of the tenant has a greeting (unlocked: a hint, decided again under the ticket's lock). */
export async function tenantHasQueueGreetings(db: Db, tenantId: number): Promise<boolean> {
  const [row] = await queryFixed<{ yes: boolean }>(db, HAS_GREETINGS, [tenantId]);
  return row?.yes === true;
}

/** A queue's columns and its agents' ids: the list and the one-queue read answer the same shape. */
const queueWithUsers = { ...getTableColumns(queues), userIds: userIdsOfQueue };

export async function listQueues(db: Db, tenantId: number): Promise<QueueWithUsers[]> {
  return db.select(queueWithUsers).from(queues).where(eq(queues.tenantId, tenantId)).orderBy(asc(queues.name));
}

export async function findQueueById(db: Db, tenantId: number, id: number): Promise<QueueWithUsers | undefined> {
  const [row] = await db
    .select(queueWithUsers)
    .from(queues)
    .where(and(eq(queues.tenantId, tenantId), eq(queues.id, id)));
  return row;
}

export async function insertQueue(
  db: Db,
  tenantId: number,
  values: { name: string; color: string; greetingMessage: string | null },
): Promise<QueueRow> {
  const [row] = await db
    .insert(queues)
    .values({ ...values, tenantId })
    .returning();
  return row;
}

export async function updateQueue(
  db: Db,
  tenantId: number,
  id: number,
  values: Partial<{ name: string; color: string; greetingMessage: string | null }>,
) {
  const [row] = await db
    .update(queues)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(queues.tenantId, tenantId), eq(queues.id, id)))
    .returning();
  return row;
}

export async function deleteQueue(db: Db, tenantId: number, id: number): Promise<boolean> {
  return (
    (
      await db
        .delete(queues)
        .where(and(eq(queues.tenantId, tenantId), eq(queues.id, id)))
        .returning({ id: queues.id })
    ).length > 0
  );
}

/** Replaces the members of a queue; only users of the same tenant are kept. Returns the users whose membership changed. */
export async function setQueueUsers(db: Db, tenantId: number, queueId: number, userIds: number[]): Promise<number[]> {
  // Concurrent replacements of one queue's members are serialised on the queue row.
  await db
    .select({ id: queues.id })
    .from(queues)
    .where(and(eq(queues.tenantId, tenantId), eq(queues.id, queueId)))
    .for('update');
  const before = (await db.select({ userId: userQueues.userId }).from(userQueues).where(eq(userQueues.queueId, queueId))).map(
    (r) => r.userId,
  );
  const valid = userIds.length
    ? (
        await db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.tenantId, tenantId), inArray(users.id, userIds)))
      ).map((r) => r.id)
    : [];
  await db.delete(userQueues).where(and(eq(userQueues.tenantId, tenantId), eq(userQueues.queueId, queueId)));
  if (valid.length)
    await db
      .insert(userQueues)
      .values(valid.map((userId) => ({ tenantId, userId, queueId })))
      .onConflictDoNothing();
  const changed = new Set([...before.filter((u) => !valid.includes(u)), ...valid.filter((u) => !before.includes(u))]);
  return [...changed];
}

/** Replaces the queues of a user; only queues of the same tenant are kept. */
export async function setUserQueues(db: Db, tenantId: number, userId: number, queueIds: number[]): Promise<void> {
  await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .for('update');
  const valid = queueIds.length
    ? (
        await db
          .select({ id: queues.id })
          .from(queues)
          .where(and(eq(queues.tenantId, tenantId), inArray(queues.id, queueIds)))
      ).map((r) => r.id)
    : [];
  await db.delete(userQueues).where(and(eq(userQueues.tenantId, tenantId), eq(userQueues.userId, userId)));
  if (valid.length)
    await db
      .insert(userQueues)
      .values(valid.map((queueId) => ({ tenantId, userId, queueId })))
      .onConflictDoNothing();
}

export async function listUserQueues(db: Db, tenantId: number, userId: number): Promise<{ id: number; name: string }[]> {
  return queryFixed<{ id: number; name: string }>(db, USER_QUEUES, [tenantId, userId]);
}

/** Read by every ticket list and visibility check: a fixed prepared statement. */
const USER_QUEUES: FixedStatement = {
  name: 'user_queues',
  text: 'select q.id, q.name from user_queues uq join queues q on q.id = uq.queue_id where uq.tenant_id = $1 and uq.user_id = $2 order by q.name',
};

/** Members of a queue with their number of active (open, or pending and assigned) tickets, least loaded first (balanced auto-distribution). */
export async function queueMembersByLoad(db: Db, tenantId: number, queueId: number): Promise<{ userId: number; openTickets: number }[]> {
  const openTickets = sql<number>`(select count(*)::int from tickets t where t.tenant_id = ${tenantId} and t.user_id = "user_queues"."user_id" and t.status in ('open', 'pending'))`;
  return db
    .select({ userId: userQueues.userId, openTickets })
    .from(userQueues)
    .where(and(eq(userQueues.tenantId, tenantId), eq(userQueues.queueId, queueId)))
    .orderBy(openTickets, asc(userQueues.userId));
}

/** Which of these user ids are users of the tenant. */
export async function findTenantUserIds(db: Db, tenantId: number, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, userIds)));
  return rows.map((r) => r.id);
}

/** The queues of several users at once (user lists). */
export async function queuesOfUsers(db: Db, tenantId: number, userIds: number[]): Promise<Map<number, { id: number; name: string }[]>> {
  const result = new Map<number, { id: number; name: string }[]>();
  if (userIds.length === 0) return result;
  const rows = await db
    .select({ userId: userQueues.userId, id: queues.id, name: queues.name })
    .from(userQueues)
    .innerJoin(queues, eq(queues.id, userQueues.queueId))
    .where(and(eq(userQueues.tenantId, tenantId), inArray(userQueues.userId, userIds)))
    .orderBy(asc(queues.name));
  for (const row of rows) result.set(row.userId, [...(result.get(row.userId) ?? []), { id: row.id, name: row.name }]);
  return result;
}
