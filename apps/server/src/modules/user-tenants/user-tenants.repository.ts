import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { userTenants } from '../../platform/db/schema.js';

export type UserTenantRow = typeof userTenants.$inferSelect;

// Links between a user and further tenants: platform data, managed by the platform administrator only.
export async function listUserTenants(db: Db, filter: { userId?: number }): Promise<UserTenantRow[]> {
  return db
    .select()
    .from(userTenants)
    .where(filter.userId ? eq(userTenants.userId, filter.userId) : undefined)
    .orderBy(asc(userTenants.id));
}

export async function insertUserTenant(db: Db, values: { userId: number; tenantId: number }): Promise<UserTenantRow> {
  const [row] = await db.insert(userTenants).values(values).returning();
  return row;
}

export async function updateUserTenant(db: Db, id: number, tenantId: number): Promise<UserTenantRow | undefined> {
  const [row] = await db.update(userTenants).set({ tenantId }).where(eq(userTenants.id, id)).returning();
  return row;
}

export async function deleteUserTenant(db: Db, id: number, tenantId: number): Promise<boolean> {
  const rows = await db
    .delete(userTenants)
    .where(and(eq(userTenants.id, id), eq(userTenants.tenantId, tenantId)))
    .returning({ id: userTenants.id });
  return rows.length > 0;
}
