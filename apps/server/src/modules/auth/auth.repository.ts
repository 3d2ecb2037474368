import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { BillingBlockReason, Profile, TenantStatus } from '@conversa/shared';
import type { Db } from '../../platform/db/client.js';
import { queryFixed, type FixedStatement } from '../../platform/db/prepared.js';
import { passwordResetTokens, rateLimitCounters, refreshTokens } from '../../platform/db/schema.js';

export interface AuthUser {
  userId: number;
  tenantId: number;
  profile: Profile;
  tenantStatus: TenantStatus;
  /** Why the company is blocked for payment (billing module), null when it is not. */
  billingBlock: BillingBlockReason | null;
  sessionActive: boolean;
}

/** The user behind an access token, its tenant's status, and whether its session (refresh family) is still alive. */
export async function findAuthUser(db: Db, userId: number, sessionId: string): Promise<AuthUser | undefined> {
  const [row] = await queryFixed<AuthUser>(db, AUTH_USER, [userId, sessionId]);
  return row;
}

/** Every authenticated request runs this: a fixed prepared statement. */
const AUTH_USER: FixedStatement = {
  name: 'auth_user',
  text: `select u.id as "userId", u.tenant_id as "tenantId", u.profile, tn.status as "tenantStatus", tn.billing_blocked_reason as "billingBlock",
      exists (select 1 from refresh_tokens r where r.family_id = $2::uuid and r.revoked_at is null) as "sessionActive"
    from users u join tenants tn on tn.id = u.tenant_id
    where u.id = $1`,
};

// ---- refresh tokens ----
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export async function insertRefreshToken(db: Db, values: typeof refreshTokens.$inferInsert): Promise<void> {
  await db.insert(refreshTokens).values(values);
}

export async function findRefreshToken(db: Db, id: string): Promise<RefreshTokenRow | undefined> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.id, id)).limit(1);
  return row;
}

/** Marks a token used, only if nobody else did first: the winner of a concurrent refresh gets true. */
export async function markRefreshTokenUsed(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length > 0;
}

export async function revokeRefreshFamily(db: Db, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Ends every session of the user, or every one but `keepFamilyId` (the session that asked). */
export async function revokeUserRefreshTokens(db: Db, userId: number, keepFamilyId?: string): Promise<void> {
  const filters = [eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)];
  if (keepFamilyId) filters.push(ne(refreshTokens.familyId, keepFamilyId));
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(...filters));
}

// ---- password reset ----
export async function insertPasswordResetToken(db: Db, values: typeof passwordResetTokens.$inferInsert): Promise<void> {
  await db.insert(passwordResetTokens).values(values);
}

/** Consumes a valid reset token atomically (single use); returns its user. */
export async function consumePasswordResetToken(db: Db, tokenHash: string): Promise<number | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, sql`now()`)),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId;
}

// ---- rate limiting ----
/** Adds one hit to a fixed window of `windowSeconds`; returns the hits in the current window. */
export async function hitRateLimit(db: Db, key: string, windowSeconds: number): Promise<number> {
  const expired = sql`${rateLimitCounters.windowStart} <= now() - make_interval(secs => ${windowSeconds})`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, count: 1 })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimitCounters.count} + 1 end`,
        windowStart: sql`case when ${expired} then now() else ${rateLimitCounters.windowStart} end`,
      },
    })
    .returning({ count: rateLimitCounters.count });
  return row?.count ?? 1;
}

/** The hits of the current window of `windowSeconds` (0 when it has passed). */
export async function readRateLimit(db: Db, key: string, windowSeconds: number): Promise<number> {
  const [row] = await db
    .select({ count: rateLimitCounters.count })
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.key, key), gt(rateLimitCounters.windowStart, sql`now() - make_interval(secs => ${windowSeconds})`)))
    .limit(1);
  return row?.count ?? 0;
}

/** Takes one hit back (an attempt refused or not counted as a failure). */
export async function releaseRateLimitHit(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimitCounters)
    .set({ count: sql`greatest(${rateLimitCounters.count} - 1, 0)` })
    .where(eq(rateLimitCounters.key, key));
}

/** Drops counters whose window started more than `olderThanSeconds` ago (every window is shorter). */
export async function purgeRateLimits(db: Db, olderThanSeconds: number): Promise<number> {
  const rows = await db
    .delete(rateLimitCounters)
    .where(sql`${rateLimitCounters.windowStart} < now() - make_interval(secs => ${olderThanSeconds})`)
    .returning({ key: rateLimitCounters.key });
  return rows.length;
}

export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key));
}
