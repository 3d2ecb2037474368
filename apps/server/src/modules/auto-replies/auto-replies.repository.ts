import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { autoReplies, autoReplySends } from '../../platform/db/schema.js';

export type AutoReplyRow = typeof autoReplies.$inferSelect;
export type AutoReplyValues = Omit<typeof autoReplies.$inferInsert, 'id' | 'tenantId' | 'createdAt' | 'updatedAt'>;

export async function listAutoReplies(db: Db, tenantId: number): Promise<AutoReplyRow[]> {
  return db.select().from(autoReplies).where(eq(autoReplies.tenantId, tenantId)).orderBy(asc(autoReplies.name), asc(autoReplies.id));
}

/** The active rules that may answer a message of `channelId` (those of every channel and of that one). */
export async function listActiveAutoReplies(db: Db, tenantId: number, channelId: number): Promise<AutoReplyRow[]> {
  return db
    .select()
    .from(autoReplies)
    .where(
      and(
        eq(autoReplies.tenantId, tenantId),
        eq(autoReplies.active, true),
        sql`(${autoReplies.channelId} is null or ${autoReplies.channelId} = ${channelId})`,
      ),
    )
    .orderBy(asc(autoReplies.id));
}

export async function findAutoReplyById(db: Db, tenantId: number, id: number): Promise<AutoReplyRow | undefined> {
  const [row] = await db
    .select()
    .from(autoReplies)
    .where(and(eq(autoReplies.tenantId, tenantId), eq(autoReplies.id, id)))
    .limit(1);
  return row;
}

export async function insertAutoReply(db: Db, tenantId: number, values: AutoReplyValues): Promise<AutoReplyRow> {
  const [row] = await db
    .insert(autoReplies)
    .values({ ...values, tenantId })
    .returning();
  return row;
}

export async function updateAutoReply(db: Db, tenantId: number, id: number, values: AutoReplyValues): Promise<AutoReplyRow | undefined> {
  const [row] = await db
    .update(autoReplies)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(autoReplies.tenantId, tenantId), eq(autoReplies.id, id)))
    .returning();
  return row;
}

export async function deleteAutoReply(db: Db, tenantId: number, id: number): Promise<boolean> {
  return (await db.delete(autoReplies).where(and(eq(autoReplies.tenantId, tenantId), eq(autoReplies.id, id))).returning({ id: autoReplies.id })).length > 0;
}

/** Whether an auto-reply already answered this inbound message. */
export async function autoReplySentFor(db: Db, tenantId: number, inboundMessageId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: autoReplySends.inboundMessageId })
    .from(autoReplySends)
    .where(and(eq(autoReplySends.tenantId, tenantId), eq(autoReplySends.inboundMessageId, inboundMessageId)))
    .limit(1);
  return row !== undefined;
}

/** Records the answer to a message; false when it was already answered (the message id is the key). */
export async function insertAutoReplySend(
  db: Db,
  values: { tenantId: number; inboundMessageId: string; autoReplyId: number; ticketId: number },
): Promise<boolean> {
  const inserted = await db.insert(autoReplySends).values(values).onConflictDoNothing().returning({ id: autoReplySends.inboundMessageId });
  return inserted.length > 0;
}
