import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { autoReplies, autoReplySends, contacts, tickets } from '../../platform/db/schema.js';
import type { Bindable } from '../../platform/db/prepared.js';

export type AutoReplyRow = typeof autoReplies.$inferSelect;
export type AutoReplyValues = Omit<typeof autoReplies.$inferInsert, 'id' | 'tenantId' | 'createdAt' | 'updatedAt'>;

export async function listAutoReplies(db: Db, tenantId: number): Promise<AutoReplyRow[]> {
  return db.select().from(autoReplies).where(eq(autoReplies.tenantId, tenantId)).orderBy(asc(autoReplies.name), asc(autoReplies.id));
}

/** What the inbound step needs of a rule. */
export interface ActiveAutoReply {
  id: number;
  active: boolean;
  trigger: 'keyword' | 'firstMessage';
  matchMode: 'exact' | 'contains';
  keywords: string[];
  channelId: number | null;
  reply: string;
  queueId: number | null;
}

/**
 * Probe (see InboundAutomationStep): the active rules that may answer a message of `channelId`
 * (those of every channel and of that one), oldest first, as a JSON array of ActiveAutoReply —
 * none for a contact blocked from the chatbot (auto-replies are the bot of tenants without flows).
 */
export function activeAutoRepliesProbe(tenantId: Bindable<number>, channelId: Bindable<number>, ticketId: Bindable<number>): SQL {
  const r = autoReplies;
  const blocked = sql`exists (select 1 from ${tickets} join ${contacts} on ${contacts.id} = ${tickets.contactId}
    where ${tickets.tenantId} = ${tenantId} and ${tickets.id} = ${ticketId} and ${contacts.chatbotBlocked})`;
  return sql`select coalesce(json_agg(json_build_object('id', ${r.id}, 'active', ${r.active}, 'trigger', ${r.trigger},
      'matchMode', ${r.matchMode}, 'keywords', ${r.keywords}, 'channelId', ${r.channelId}, 'reply', ${r.reply}, 'queueId', ${r.queueId})
      order by ${r.id}), '[]'::json)
    from ${r} where ${r.tenantId} = ${tenantId} and ${r.active} and (${r.channelId} is null or ${r.channelId} = ${channelId}) and not ${blocked}`;
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
  return (
    (
      await db
        .delete(autoReplies)
        .where(and(eq(autoReplies.tenantId, tenantId), eq(autoReplies.id, id)))
        .returning({ id: autoReplies.id })
    ).length > 0
  );
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
