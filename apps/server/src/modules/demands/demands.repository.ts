import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { demands, tickets } from '../../platform/db/schema.js';

export type DemandRow = typeof demands.$inferSelect;
export type DemandWithCount = DemandRow & { ticketCount: number };

// Written out: drizzle leaves a column of the selected table unqualified, which inside the subquery would name the ticket's.
const ticketCount = sql<number>`(select count(*)::int from tickets t where t.tenant_id = "demands"."tenant_id" and t.demand_id = "demands"."id")`;
const withCount = {
  id: demands.id,
  tenantId: demands.tenantId,
  name: demands.name,
  createdAt: demands.createdAt,
  updatedAt: demands.updatedAt,
  ticketCount,
};

export async function listDemandRows(db: Db, tenantId: number): Promise<DemandWithCount[]> {
  return db
    .select(withCount)
    .from(demands)
    .where(eq(demands.tenantId, tenantId))
    .orderBy(asc(sql`lower(${demands.name})`), asc(demands.id));
}

export async function findDemandWithCount(db: Db, tenantId: number, id: number): Promise<DemandWithCount | undefined> {
  const [row] = await db
    .select(withCount)
    .from(demands)
    .where(and(eq(demands.tenantId, tenantId), eq(demands.id, id)));
  return row;
}

export async function findDemandRow(db: Db, tenantId: number, id: number): Promise<DemandRow | undefined> {
  const [row] = await db
    .select()
    .from(demands)
    .where(and(eq(demands.tenantId, tenantId), eq(demands.id, id)));
  return row;
}

export async function insertDemandRow(db: Db, tenantId: number, name: string): Promise<DemandRow> {
  const [row] = await db.insert(demands).values({ tenantId, name }).returning();
  return row;
}

export async function updateDemandRow(db: Db, tenantId: number, id: number, name: string): Promise<DemandRow | undefined> {
  const [row] = await db
    .update(demands)
    .set({ name, updatedAt: sql`now()` })
    .where(and(eq(demands.tenantId, tenantId), eq(demands.id, id)))
    .returning();
  return row;
}

/** Takes the reason off its tickets (ids of those detached) and deletes it; undefined when the tenant has no such reason. */
export async function deleteDemandRow(db: Db, tenantId: number, id: number): Promise<{ detachedTicketIds: number[] } | undefined> {
  const detached = await db
    .update(tickets)
    .set({ demandId: null })
    .where(and(eq(tickets.tenantId, tenantId), eq(tickets.demandId, id)))
    .returning({ id: tickets.id });
  const deleted = await db
    .delete(demands)
    .where(and(eq(demands.tenantId, tenantId), eq(demands.id, id)))
    .returning({ id: demands.id });
  return deleted.length ? { detachedTicketIds: detached.map((r) => r.id) } : undefined;
}
