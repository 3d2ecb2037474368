import type { Language } from '@conversa/shared';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { pushSubscriptions } from '../../platform/db/schema.js';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * Stores a browser's subscription for the user signed in there. The endpoint is unique: a browser
 * where another user signs in moves to that user (the previous one no longer gets its pushes).
 * Without a language, a new subscription's is the column's default (pt) and a known one keeps its own.
 */
export async function upsertPushSubscription(
  db: Db,
  tenantId: number,
  userId: number,
  values: { endpoint: string; p256dh: string; auth: string; userAgent: string | null; language?: Language },
): Promise<PushSubscriptionRow> {
  const language = values.language ? { language: values.language } : {};
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ tenantId, userId, ...values })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { tenantId, userId, p256dh: values.p256dh, auth: values.auth, userAgent: values.userAgent, ...language, updatedAt: sql`now()` },
    })
    .returning();
  return row;
}

/**
 * The subscription of an endpoint, whichever company's: endpoints are unique over the platform, and
 * only the service worker's renewal looks one up this way (it has no session; the endpoint and its
 * authentication secret prove it held the subscription).
 */
export async function findPushSubscriptionByEndpoint(db: Db, endpoint: string): Promise<PushSubscriptionRow | undefined> {
  const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
  return row;
}

/**
 * Moves a subscription to the browser's new endpoint and keys, for the same user. A row already
 * holding the new endpoint (the page re-subscribed first) is the same browser: it goes.
 */
export async function replacePushSubscription(
  db: Db,
  row: Pick<PushSubscriptionRow, 'id' | 'tenantId'>,
  values: { endpoint: string; p256dh: string; auth: string; language?: Language },
): Promise<PushSubscriptionRow | undefined> {
  return db.transaction(async (tx) => {
    await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.endpoint, values.endpoint), ne(pushSubscriptions.id, row.id)));
    const [updated] = await tx
      .update(pushSubscriptions)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(pushSubscriptions.tenantId, row.tenantId), eq(pushSubscriptions.id, row.id)))
      .returning();
    return updated;
  });
}

/** Deletes the user's subscription of this endpoint; false when the user has none there. */
export async function deleteUserPushSubscription(db: Db, tenantId: number, userId: number, endpoint: string): Promise<boolean> {
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.tenantId, tenantId), eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return deleted.length > 0;
}

export async function listUserPushSubscriptions(db: Db, tenantId: number, userId: number): Promise<PushSubscriptionRow[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.tenantId, tenantId), eq(pushSubscriptions.userId, userId)))
    .orderBy(asc(pushSubscriptions.id));
}

/** Whether anyone of the tenant could get a push at all (the consumer's first, cheap question for every message). */
export async function tenantHasPushSubscriptions(db: Db, tenantId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.tenantId, tenantId))
    .limit(1);
  return row !== undefined;
}

/** The users of the tenant with at least one subscription (who could get a push at all). */
export async function listSubscribedUserIds(db: Db, tenantId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.tenantId, tenantId));
  return rows.map((row) => row.userId);
}

/** The subscriptions of these users, oldest first. */
export async function listSubscriptionsOfUsers(db: Db, tenantId: number, userIds: number[]): Promise<PushSubscriptionRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.tenantId, tenantId), inArray(pushSubscriptions.userId, userIds)))
    .orderBy(asc(pushSubscriptions.id));
}

export async function findPushSubscriptions(db: Db, tenantId: number, ids: number[]): Promise<PushSubscriptionRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.tenantId, tenantId), inArray(pushSubscriptions.id, ids)))
    .orderBy(asc(pushSubscriptions.id));
}

export async function deletePushSubscription(db: Db, tenantId: number, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.tenantId, tenantId), eq(pushSubscriptions.id, id)));
}

export async function markPushed(db: Db, tenantId: number, id: number): Promise<void> {
  await db
    .update(pushSubscriptions)
    .set({ lastPushAt: sql`now()` })
    .where(and(eq(pushSubscriptions.tenantId, tenantId), eq(pushSubscriptions.id, id)));
}
