import { and, count, desc, eq, gte, isNull, like, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import { CALL_FINAL_STATUSES, type CallListQuery } from '@conversa/shared';
import type { Db } from '../../platform/db/client.js';
import { calls, channelCallTokens, channels, users } from '../../platform/db/schema.js';

export type CallRow = typeof calls.$inferSelect;
export type NewCall = Omit<typeof calls.$inferInsert, 'tenantId' | 'id' | 'createdAt' | 'updatedAt'>;
/** A call as the list shows it: with its channel's and user's names. */
export type CallView = CallRow & { inboxName: string | null; userName: string | null };

export interface CallChannel {
  id: number;
  name: string;
  number: string | null;
}

export async function findCallChannel(db: Db, tenantId: number, channelId: number): Promise<CallChannel | undefined> {
  const [row] = await db
    .select({ id: channels.id, name: channels.name, number: channels.number })
    .from(channels)
    .where(and(eq(channels.tenantId, tenantId), eq(channels.id, channelId)));
  return row;
}

/** Whether the user has the softphone blocked (blockWavoip); undefined when not a user of the tenant. */
export async function findUserCallBlock(db: Db, tenantId: number, userId: number): Promise<boolean | undefined> {
  const [row] = await db
    .select({ blocked: users.blockWavoip })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  return row?.blocked;
}

/** The tenant's users who may use the softphone (they receive call offers and changes). */
export async function listCallUserIds(db: Db, tenantId: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.blockWavoip, false)));
  return rows.map((row) => row.id);
}

export async function findChannelCallTokens(db: Db, tenantId: number, channelId: number) {
  const [row] = await db
    .select()
    .from(channelCallTokens)
    .where(and(eq(channelCallTokens.tenantId, tenantId), eq(channelCallTokens.channelId, channelId)));
  return row;
}

/** Every channel's sealed tokens (the devices to listen on when the server starts). */
export async function listAllChannelCallTokens(db: Db) {
  return db.select().from(channelCallTokens);
}

export async function saveChannelCallTokens(db: Db, tenantId: number, channelId: number, tokens: string[]) {
  const [row] = await db
    .insert(channelCallTokens)
    .values({ tenantId, channelId, tokens })
    .onConflictDoUpdate({
      target: channelCallTokens.channelId,
      set: { tokens, updatedAt: sql`now()` },
      where: eq(channelCallTokens.tenantId, tenantId),
    })
    .returning();
  return row;
}

export async function insertCall(db: Db, tenantId: number, values: NewCall): Promise<CallRow> {
  const [row] = await db
    .insert(calls)
    .values({ ...values, tenantId })
    .returning();
  return row;
}

/** The SQL of calls_live_instance_idx's predicate (migration 0048): a call not in a final status. */
const LIVE = sql.raw(`"status" NOT IN ('terminate', 'reject', 'accept_elsewhere', 'reject_elsewhere')`);

/**
 * Records a channel instance's new live call, unless the instance already has one (the unique
 * calls_live_instance_idx): undefined then. Several server processes hear a device's offer; the
 * first to record it claims the call.
 */
export async function claimLiveCall(db: Db, tenantId: number, values: NewCall): Promise<CallRow | undefined> {
  const [row] = await db
    .insert(calls)
    .values({ ...values, tenantId })
    .onConflictDoNothing({ target: [calls.channelId, calls.instance], where: LIVE })
    .returning();
  return row;
}

/**
 * Moves a call to its next state only if it is still in `fromStatus` (a claim on the change):
 * of several processes applying the same signal, one succeeds and tells the softphones.
 */
export async function updateCallFrom(
  db: Db,
  tenantId: number,
  id: number,
  fromStatus: CallRow['status'],
  values: Partial<NewCall>,
): Promise<CallRow | undefined> {
  const [row] = await db
    .update(calls)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(calls.tenantId, tenantId), eq(calls.id, id), eq(calls.status, fromStatus)))
    .returning();
  return row;
}

/** Sets who took the call, when nobody has yet. */
export async function setCallUserIfUnset(db: Db, tenantId: number, id: number, userId: number): Promise<void> {
  await db
    .update(calls)
    .set({ userId, updatedAt: sql`now()` })
    .where(and(eq(calls.tenantId, tenantId), eq(calls.id, id), isNull(calls.userId)));
}

export async function findCall(db: Db, tenantId: number, id: number): Promise<CallRow | undefined> {
  const [row] = await db
    .select()
    .from(calls)
    .where(and(eq(calls.tenantId, tenantId), eq(calls.id, id)));
  return row;
}

/** The channel instance's call still going on (not in a final status), the latest one. */
export async function findLiveCall(db: Db, tenantId: number, channelId: number, instance: number): Promise<CallRow | undefined> {
  const [row] = await db
    .select()
    .from(calls)
    .where(
      and(
        eq(calls.tenantId, tenantId),
        eq(calls.channelId, channelId),
        eq(calls.instance, instance),
        notInArray(calls.status, [...CALL_FINAL_STATUSES]),
      ),
    )
    .orderBy(desc(calls.id))
    .limit(1);
  return row;
}

export async function updateCall(db: Db, tenantId: number, id: number, values: Partial<NewCall>): Promise<CallRow | undefined> {
  const [row] = await db
    .update(calls)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(calls.tenantId, tenantId), eq(calls.id, id)))
    .returning();
  return row;
}

export async function findCallView(db: Db, tenantId: number, id: number): Promise<CallView | undefined> {
  const [row] = await wrap(db).where(and(eq(calls.tenantId, tenantId), eq(calls.id, id)));
  return row;
}

function wrap(db: Db) {
  const query = db
    .select({ call: calls, inboxName: channels.name, userName: users.name })
    .from(calls)
    .leftJoin(channels, and(eq(channels.id, calls.channelId), eq(channels.tenantId, calls.tenantId)))
    .leftJoin(users, and(eq(users.id, calls.userId), eq(users.tenantId, calls.tenantId)));
  return {
    where: async (condition: SQL | undefined, page?: { limit: number; offset: number }): Promise<CallView[]> => {
      const base = query.where(condition).orderBy(desc(calls.startedAt), desc(calls.id));
      const rows = page ? await base.limit(page.limit).offset(page.offset) : await base;
      return rows.map((row) => ({ ...row.call, inboxName: row.inboxName, userName: row.userName }));
    },
  };
}

/** The tenant's incoming calls still ringing (an offer nobody answered yet) that started at or after `since`. */
export async function listRingingCalls(db: Db, tenantId: number, since: Date): Promise<CallView[]> {
  return wrap(db).where(
    and(eq(calls.tenantId, tenantId), eq(calls.direction, 'incoming'), eq(calls.status, 'offer'), gte(calls.startedAt, since)),
  );
}

export function callFilters(tenantId: number, query: CallListQuery): SQL | undefined {
  const conditions: SQL[] = [eq(calls.tenantId, tenantId)];
  if (query.direction) conditions.push(eq(calls.direction, query.direction));
  if (query.status) conditions.push(eq(calls.status, query.status));
  if (query.channelId) conditions.push(eq(calls.channelId, query.channelId));
  if (query.userId) conditions.push(eq(calls.userId, query.userId));
  if (query.phone) conditions.push(like(calls.phone, `%${query.phone}%`));
  if (query.from) conditions.push(gte(calls.startedAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) conditions.push(lt(calls.startedAt, new Date(new Date(`${query.to}T00:00:00Z`).getTime() + 86_400_000)));
  return and(...conditions);
}

export async function listCalls(db: Db, tenantId: number, query: CallListQuery): Promise<{ rows: CallView[]; count: number }> {
  const condition = callFilters(tenantId, query);
  const rows = await wrap(db).where(condition, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
  const [total] = await db.select({ value: count() }).from(calls).where(condition);
  return { rows, count: total?.value ?? 0 };
}
