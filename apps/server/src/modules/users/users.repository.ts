import { and, asc, count, eq, gt, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { emailChangeRequests, users } from '../../platform/db/schema.js';
import { containsPattern } from '../../platform/db/like.js';

export type UserRow = typeof users.$inferSelect;
export type NewUser = Omit<typeof users.$inferInsert, 'id' | 'tenantId' | 'createdAt' | 'updatedAt'>;
export type UserChanges = Partial<Omit<NewUser, 'email'>> & { email?: string };

/** Login is the one lookup across tenants: the e-mail decides the tenant. */
export async function findUserByEmailAnyTenant(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserById(db: Db, tenantId: number, id: number): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)))
    .limit(1);
  return row;
}

export async function listUsers(
  db: Db,
  tenantId: number,
  options: { search?: string; limit: number; offset: number; excludeUserId?: number; onlyIds?: number[] },
): Promise<{ rows: UserRow[]; total: number }> {
  const filters = [eq(users.tenantId, tenantId)];
  if (options.search) {
    const pattern = containsPattern(options.search);
    filters.push(or(ilike(users.name, pattern), ilike(users.email, pattern))!);
  }
  if (options.excludeUserId) filters.push(ne(users.id, options.excludeUserId));
  if (options.onlyIds) filters.push(options.onlyIds.length ? inArray(users.id, options.onlyIds) : sql`false`);
  const where = and(...filters);
  const [rows, [totals]] = await Promise.all([
    db.select().from(users).where(where).orderBy(asc(users.name), asc(users.id)).limit(options.limit).offset(options.offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function countUsers(db: Db, tenantId: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users).where(eq(users.tenantId, tenantId));
  return row?.total ?? 0;
}

/** How many users each of these tenants has (a tenant without users is left out). */
export async function countUsersByTenant(db: Db, tenantIds: number[]): Promise<Map<number, number>> {
  if (tenantIds.length === 0) return new Map();
  const rows = await db
    .select({ tenantId: users.tenantId, total: count() })
    .from(users)
    .where(inArray(users.tenantId, tenantIds))
    .groupBy(users.tenantId);
  return new Map(rows.map((row) => [row.tenantId, row.total]));
}

export async function insertUser(db: Db, tenantId: number, values: NewUser): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, tenantId })
    .returning();
  return row;
}

export async function updateUser(db: Db, tenantId: number, id: number, changes: UserChanges): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)))
    .returning();
  return row;
}

export async function deleteUser(db: Db, tenantId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** For flows that start from a user id outside a tenant context (password reset tokens). */
export async function findUserByIdAnyTenant(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

// ---- one's own e-mail change, confirmed by a link sent to the new address ----
export async function insertEmailChangeRequest(db: Db, values: typeof emailChangeRequests.$inferInsert): Promise<void> {
  await db.insert(emailChangeRequests).values(values);
}

/** Consumes a valid request atomically (single use, unexpired); answers its user and new e-mail. */
export async function consumeEmailChangeRequest(db: Db, tokenHash: string): Promise<{ userId: number; newEmail: string } | undefined> {
  const [row] = await db
    .update(emailChangeRequests)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(emailChangeRequests.tokenHash, tokenHash), isNull(emailChangeRequests.usedAt), gt(emailChangeRequests.expiresAt, sql`now()`)),
    )
    .returning({ userId: emailChangeRequests.userId, newEmail: emailChangeRequests.newEmail });
  return row;
}
