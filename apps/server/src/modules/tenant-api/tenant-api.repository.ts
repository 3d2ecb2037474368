import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { tenantApiCallLogs, tenantApis, tenantApiTenants } from '../../platform/db/schema.js';

export type TenantApiRow = typeof tenantApis.$inferSelect;
export type TenantApiView = TenantApiRow & { tenantCount: number };
export type TenantApiCallLogRow = typeof tenantApiCallLogs.$inferSelect;

const tenantCount =
  sql<number>`(select count(*)::int from ${tenantApiTenants} where ${tenantApiTenants}.${sql.identifier(tenantApiTenants.tenantApiId.name)} = ${tenantApis}.${sql.identifier(tenantApis.id.name)})`.as(
    'tenant_count',
  );

export async function listTenantApis(db: Db): Promise<TenantApiView[]> {
  return db
    .select({ ...tenantApiColumns(), tenantCount })
    .from(tenantApis)
    .orderBy(asc(tenantApis.createdAt), asc(tenantApis.id));
}

export async function findTenantApiView(db: Db, id: string): Promise<TenantApiView | undefined> {
  const [row] = await db
    .select({ ...tenantApiColumns(), tenantCount })
    .from(tenantApis)
    .where(eq(tenantApis.id, id));
  return row;
}

export async function findTenantApi(db: Db, id: string): Promise<TenantApiRow | undefined> {
  const [row] = await db.select().from(tenantApis).where(eq(tenantApis.id, id));
  return row;
}

export async function insertTenantApi(
  db: Db,
  values: { name: string; active: boolean; tokenHash: string; tokenLast4: string },
): Promise<TenantApiRow> {
  const [row] = await db.insert(tenantApis).values(values).returning();
  return row;
}

export async function updateTenantApi(
  db: Db,
  id: string,
  changes: Partial<{ name: string; active: boolean; tokenHash: string; tokenLast4: string }>,
): Promise<TenantApiRow | undefined> {
  const [row] = await db
    .update(tenantApis)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(tenantApis.id, id))
    .returning();
  return row;
}

export async function deleteTenantApi(db: Db, id: string): Promise<boolean> {
  const deleted = await db.delete(tenantApis).where(eq(tenantApis.id, id)).returning({ id: tenantApis.id });
  return deleted.length > 0;
}

export async function linkTenantToApi(db: Db, tenantApiId: string, tenantId: number): Promise<void> {
  await db.insert(tenantApiTenants).values({ tenantApiId, tenantId }).onConflictDoNothing();
}

/** The ids of the companies a token created, oldest first; `only` narrows to those of them. */
export async function managedTenantIds(db: Db, tenantApiId: string, only?: number[]): Promise<number[]> {
  const rows = await db
    .select({ tenantId: tenantApiTenants.tenantId })
    .from(tenantApiTenants)
    .where(and(eq(tenantApiTenants.tenantApiId, tenantApiId), only ? inArray(tenantApiTenants.tenantId, only) : undefined))
    .orderBy(asc(tenantApiTenants.tenantId));
  return rows.map((row) => row.tenantId);
}

export async function insertTenantApiCallLog(
  db: Db,
  values: { tenantApiId: string; method: string; route: string; status: number; durationMs: number; errorCode: string | null },
): Promise<void> {
  await db.insert(tenantApiCallLogs).values(values);
}

/** A page of a token's calls, newest first. */
export async function listTenantApiCallLogs(db: Db, tenantApiId: string, offset: number, limit: number): Promise<TenantApiCallLogRow[]> {
  return db
    .select()
    .from(tenantApiCallLogs)
    .where(eq(tenantApiCallLogs.tenantApiId, tenantApiId))
    .orderBy(desc(tenantApiCallLogs.id))
    .offset(offset)
    .limit(limit);
}

export async function purgeTenantApiCallLogsBefore(db: Db, before: Date): Promise<number> {
  const deleted = await db.delete(tenantApiCallLogs).where(lt(tenantApiCallLogs.createdAt, before)).returning({ id: tenantApiCallLogs.id });
  return deleted.length;
}

function tenantApiColumns() {
  return {
    id: tenantApis.id,
    name: tenantApis.name,
    tokenHash: tenantApis.tokenHash,
    tokenLast4: tenantApis.tokenLast4,
    active: tenantApis.active,
    createdAt: tenantApis.createdAt,
    updatedAt: tenantApis.updatedAt,
  };
}
