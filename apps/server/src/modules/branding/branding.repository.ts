import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { brandingFiles, tenantBranding } from '../../platform/db/schema.js';

export type TenantBrandingRow = typeof tenantBranding.$inferSelect;
export type BrandingFileRow = typeof brandingFiles.$inferSelect;
export type BrandingChanges = Partial<Omit<typeof tenantBranding.$inferInsert, 'tenantId' | 'updatedAt'>>;

export async function findTenantBranding(db: Db, tenantId: number): Promise<TenantBrandingRow | undefined> {
  const [row] = await db.select().from(tenantBranding).where(eq(tenantBranding.tenantId, tenantId));
  return row;
}

/** The rows of these tenants (a company's and the platform's), in one read. */
export async function findTenantBrandings(db: Db, tenantIds: number[]): Promise<TenantBrandingRow[]> {
  return db.select().from(tenantBranding).where(inArray(tenantBranding.tenantId, tenantIds));
}

/** Locks (creating it when missing) the company's row for a change in this transaction. */
export async function lockTenantBranding(db: Db, tenantId: number): Promise<TenantBrandingRow> {
  await db.insert(tenantBranding).values({ tenantId }).onConflictDoNothing({ target: tenantBranding.tenantId });
  const [row] = await db.select().from(tenantBranding).where(eq(tenantBranding.tenantId, tenantId)).for('update');
  return row;
}

export async function updateTenantBranding(db: Db, tenantId: number, changes: BrandingChanges): Promise<TenantBrandingRow> {
  const [row] = await db
    .update(tenantBranding)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(tenantBranding.tenantId, tenantId))
    .returning();
  return row;
}

export async function insertBrandingFile(
  db: Db,
  tenantId: number,
  file: Omit<typeof brandingFiles.$inferInsert, 'tenantId' | 'createdAt'>,
): Promise<void> {
  await db.insert(brandingFiles).values({ tenantId, ...file });
}

export async function deleteBrandingFiles(db: Db, tenantId: number, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(brandingFiles).where(and(eq(brandingFiles.tenantId, tenantId), inArray(brandingFiles.key, keys)));
}

/** A public image by its key (no tenant: the key is the capability, named only by branding answers). */
export async function findBrandingFile(db: Db, key: string): Promise<Pick<BrandingFileRow, 'mime' | 'content'> | undefined> {
  const [row] = await db
    .select({ mime: brandingFiles.mime, content: brandingFiles.content })
    .from(brandingFiles)
    .where(eq(brandingFiles.key, key));
  return row;
}
