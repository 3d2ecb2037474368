import { and, asc, eq, getTableColumns, gt, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { lanes, tickets } from '../../platform/db/schema.js';

export type LaneRow = typeof lanes.$inferSelect;
export type LaneWithCount = LaneRow & { ticketCount: number };

// Written out: drizzle leaves a column of the selected table unqualified, which inside the subquery would name the ticket's.
const ticketCount = sql<number>`(select count(*)::int from tickets t where t.tenant_id = "lanes"."tenant_id" and t.lane_id = "lanes"."id")`;

/**
 * Serialises the writes that renumber a tenant's lanes (create, move, delete): positions stay
 * 0..n-1 without gaps or duplicates however many requests arrive together. Held to the commit.
 */
export async function lockTenantLanes(db: Db, tenantId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(7240020, ${tenantId})`);
}

/** A lane's columns and its ticket count: the board's list and the one-lane read answer the same shape. */
const laneWithCount = { ...getTableColumns(lanes), ticketCount };

export async function listLanes(db: Db, tenantId: number): Promise<LaneWithCount[]> {
  return db.select(laneWithCount).from(lanes).where(eq(lanes.tenantId, tenantId)).orderBy(asc(lanes.position), asc(lanes.id));
}

export async function findLaneWithCount(db: Db, tenantId: number, id: number): Promise<LaneWithCount | undefined> {
  const [row] = await db
    .select(laneWithCount)
    .from(lanes)
    .where(and(eq(lanes.tenantId, tenantId), eq(lanes.id, id)));
  return row;
}

export async function findLane(db: Db, tenantId: number, id: number): Promise<LaneRow | undefined> {
  const [row] = await db
    .select()
    .from(lanes)
    .where(and(eq(lanes.tenantId, tenantId), eq(lanes.id, id)));
  return row;
}

/** Which of `ids` are lanes of the tenant. */
export async function existingLaneIds(db: Db, tenantId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: lanes.id })
    .from(lanes)
    .where(and(eq(lanes.tenantId, tenantId), inArray(lanes.id, ids)));
  return rows.map((r) => r.id);
}

/** A new lane, last (call with the tenant's lanes locked). */
export async function insertLaneLast(db: Db, tenantId: number, values: { name: string; color: string }): Promise<LaneRow> {
  const [row] = await db
    .insert(lanes)
    .values({
      tenantId,
      ...values,
      position: sql`(select count(*)::int from ${lanes} where ${lanes.tenantId} = ${tenantId})`,
    })
    .returning();
  return row;
}

export async function updateLaneRow(
  db: Db,
  tenantId: number,
  id: number,
  values: { name?: string; color?: string },
): Promise<LaneRow | undefined> {
  const [row] = await db
    .update(lanes)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(lanes.tenantId, tenantId), eq(lanes.id, id)))
    .returning();
  return row;
}

/** Moves the lane from `from` to `to` (both within 0..n-1), shifting the lanes between by one (call with the lanes locked). */
export async function moveLaneRow(db: Db, tenantId: number, id: number, from: number, to: number): Promise<void> {
  if (from === to) return;
  const tenant = eq(lanes.tenantId, tenantId);
  if (to < from) {
    await db
      .update(lanes)
      .set({ position: sql`${lanes.position} + 1` })
      .where(and(tenant, gte(lanes.position, to), lt(lanes.position, from)));
  } else {
    await db
      .update(lanes)
      .set({ position: sql`${lanes.position} - 1` })
      .where(and(tenant, gt(lanes.position, from), lte(lanes.position, to)));
  }
  await db
    .update(lanes)
    .set({ position: to, updatedAt: sql`now()` })
    .where(and(tenant, eq(lanes.id, id)));
}

export async function countLanes(db: Db, tenantId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(lanes)
    .where(eq(lanes.tenantId, tenantId));
  return row?.n ?? 0;
}

/**
 * Takes the lane's tickets out of it (ids of those detached), deletes it and closes the gap it
 * leaves (call with the lanes locked). Undefined when the tenant has no such lane.
 */
export async function deleteLaneRow(db: Db, tenantId: number, id: number): Promise<{ detachedTicketIds: number[] } | undefined> {
  const lane = await findLane(db, tenantId, id);
  if (!lane) return undefined;
  const detached = await db
    .update(tickets)
    .set({ laneId: null })
    .where(and(eq(tickets.tenantId, tenantId), eq(tickets.laneId, id)))
    .returning({ id: tickets.id });
  await db.delete(lanes).where(and(eq(lanes.tenantId, tenantId), eq(lanes.id, id)));
  await db
    .update(lanes)
    .set({ position: sql`${lanes.position} - 1` })
    .where(and(eq(lanes.tenantId, tenantId), gt(lanes.position, lane.position)));
  return { detachedTicketIds: detached.map((r) => r.id) };
}
