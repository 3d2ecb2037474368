import { and, asc, count, eq, getTableColumns, inArray, isNotNull, notLike, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { tenants, users } from '../../platform/db/schema.js';
import type { Bindable } from '../../platform/db/prepared.js';

export type TenantRow = typeof tenants.$inferSelect;
export type NewTenant = Omit<typeof tenants.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type TenantWithCount = TenantRow & { userCount: number };

// Inside a select list drizzle prints columns without their table, and a bare "id" in this subquery would be
// the user's id: the tables are named explicitly.
const withUserCount = {
  userCount:
    sql<number>`(select count(*)::int from ${users} where ${users}.${sql.identifier(users.tenantId.name)} = ${tenants}.${sql.identifier(tenants.id.name)})`.as(
      'user_count',
    ),
};

export async function listTenants(db: Db): Promise<TenantWithCount[]> {
  return db
    .select({ ...getTableColumns(tenants), ...withUserCount })
    .from(tenants)
    .orderBy(asc(tenants.id));
}

export async function listTenantsByIds(db: Db, ids: number[]): Promise<TenantWithCount[]> {
  return db
    .select({ ...getTableColumns(tenants), ...withUserCount })
    .from(tenants)
    .where(inArray(tenants.id, ids))
    .orderBy(asc(tenants.id));
}

export async function findTenantById(db: Db, tenantId: number): Promise<TenantWithCount | undefined> {
  const [row] = await db
    .select({ ...getTableColumns(tenants), ...withUserCount })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
    .limit(1);
  return row;
}

/** Locks the tenant row for the rest of the transaction: serialises limit checks (max users) across nodes. */
export async function lockTenant(db: Db, tenantId: number): Promise<TenantRow | undefined> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, tenantId)).for('update');
  return row;
}

export async function countTenants(db: Db): Promise<number> {
  const [row] = await db.select({ total: count() }).from(tenants);
  return row?.total ?? 0;
}

export async function countTenantsOnPlan(db: Db, planId: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(tenants).where(eq(tenants.planId, planId));
  return row?.total ?? 0;
}

/** How many companies are on each plan (a plan no company is on is left out). */
export async function countTenantsByPlan(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .select({ planId: tenants.planId, total: count() })
    .from(tenants)
    .where(isNotNull(tenants.planId))
    .groupBy(tenants.planId);
  return new Map(rows.map((row) => [row.planId!, row.total]));
}

/** The companies on a plan with their limits, locked until the transaction ends (a plan's limit change). */
export async function lockTenantsOnPlan(db: Db, planId: number): Promise<{ id: number; maxUsers: number; maxConnections: number }[]> {
  return db
    .select({ id: tenants.id, maxUsers: tenants.maxUsers, maxConnections: tenants.maxConnections })
    .from(tenants)
    .where(eq(tenants.planId, planId))
    .orderBy(asc(tenants.id))
    .for('update');
}

/** Sets the limits of the companies on a plan. */
export async function setLimitsOfTenantsOnPlan(
  db: Db,
  planId: number,
  limits: { maxUsers?: number; maxConnections?: number },
): Promise<number> {
  if (limits.maxUsers === undefined && limits.maxConnections === undefined) return 0;
  const rows = await db
    .update(tenants)
    .set({ ...limits, updatedAt: sql`now()` })
    .where(eq(tenants.planId, planId))
    .returning({ id: tenants.id });
  return rows.length;
}

export async function insertTenant(db: Db, values: NewTenant & { id?: number }): Promise<TenantRow> {
  const [row] = await db.insert(tenants).values(values).returning();
  return row;
}

export async function updateTenant(db: Db, tenantId: number, changes: Partial<NewTenant>): Promise<TenantRow | undefined> {
  const [row] = await db
    .update(tenants)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(tenants.id, tenantId))
    .returning();
  return row;
}

export async function deleteTenant(db: Db, tenantId: number): Promise<boolean> {
  const rows = await db.delete(tenants).where(eq(tenants.id, tenantId)).returning({ id: tenants.id });
  return rows.length > 0;
}

/** After inserting tenant 1 with an explicit id, move the sequence past it. */
export async function syncTenantIdSequence(db: Db): Promise<void> {
  await db.execute(sql`select setval(pg_get_serial_sequence('tenants', 'id'), greatest((select max(id) from tenants), 1))`);
}

/** Serialises the first-start bootstrap across nodes for the rest of the transaction. */
export async function lockPlatformBootstrap(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(7240003)`);
}

/** Probe (see InboundAutomationStep): the tenant's IANA time zone. */
export function tenantTimeZoneProbe(tenantId: Bindable<number>): SQL {
  return sql`select ${tenants.timeZone} from ${tenants} where ${tenants.id} = ${tenantId}`;
}

/** The companies whose payment token is stored in clear (not in SecretBox's `enc:v1:` form). */
export async function listClearPaymentTokens(db: Db): Promise<{ id: number; paymentToken: string }[]> {
  const rows = await db
    .select({ id: tenants.id, paymentToken: tenants.paymentToken })
    .from(tenants)
    .where(and(isNotNull(tenants.paymentToken), notLike(tenants.paymentToken, 'enc:v1:%')));
  return rows.map((row) => ({ id: row.id, paymentToken: row.paymentToken! }));
}

/** Replaces a company's payment token if it is still `expected` (an edit meanwhile wins). */
export async function replacePaymentTokenIfUnchanged(db: Db, tenantId: number, expected: string, next: string): Promise<boolean> {
  const rows = await db
    .update(tenants)
    .set({ paymentToken: next })
    .where(and(eq(tenants.id, tenantId), eq(tenants.paymentToken, expected)))
    .returning({ id: tenants.id });
  return rows.length > 0;
}
