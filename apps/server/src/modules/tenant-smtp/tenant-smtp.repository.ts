import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { tenantSmtpSettings } from '../../platform/db/schema.js';

export type TenantSmtpRow = typeof tenantSmtpSettings.$inferSelect;
export type NewTenantSmtp = Omit<typeof tenantSmtpSettings.$inferInsert, 'tenantId' | 'createdAt' | 'updatedAt'>;

export async function findTenantSmtp(db: Db, tenantId: number): Promise<TenantSmtpRow | undefined> {
  const [row] = await db.select().from(tenantSmtpSettings).where(eq(tenantSmtpSettings.tenantId, tenantId));
  return row;
}

export async function upsertTenantSmtp(db: Db, tenantId: number, values: NewTenantSmtp): Promise<TenantSmtpRow> {
  const [row] = await db
    .insert(tenantSmtpSettings)
    .values({ tenantId, ...values })
    .onConflictDoUpdate({ target: tenantSmtpSettings.tenantId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return row;
}

export async function deleteTenantSmtp(db: Db, tenantId: number): Promise<boolean> {
  const deleted = await db
    .delete(tenantSmtpSettings)
    .where(eq(tenantSmtpSettings.tenantId, tenantId))
    .returning({ tenantId: tenantSmtpSettings.tenantId });
  return deleted.length > 0;
}
