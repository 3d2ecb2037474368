import { and, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { rowByTenantAndId } from '../../platform/db/raw-rows.js';
import { messages, tickets } from '../../platform/db/schema.js';
import { containsPattern } from '../../platform/db/like.js';

export type MessageRow = typeof messages.$inferSelect;
export type NewMessage = Omit<typeof messages.$inferInsert, 'createdAt' | 'updatedAt'>;

export async function messageExists(db: Db, channelId: number, externalId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.channelId, channelId), eq(messages.externalId, externalId)))
    .limit(1);
  return Boolean(row);
}

/** Inserts unless (channel, external id) exists: the unique index is the dedupe. Undefined = duplicate. */
export async function insertMessageOnce(db: Db, values: NewMessage): Promise<MessageRow | undefined> {
  const [row] = await db
    .insert(messages)
    .values(values)
    .onConflictDoNothing({ target: [messages.channelId, messages.externalId], where: sql`${messages.externalId} is not null` })
    .returning();
  return row;
}

/**
 * The creation time is the clock's, not the transaction's start: several messages stored in one
 * transaction (a forward, a farewell) keep their order in the newest-first history.
 */
export async function insertMessage(db: Db, values: NewMessage): Promise<MessageRow> {
  const [row] = await db
    .insert(messages)
    .values({ ...values, createdAt: sql`clock_timestamp()` })
    .returning();
  return row;
}

export const findMessageById = rowByTenantAndId<MessageRow>(messages, 'message_by_id');

export async function findMessagesByIds(db: Db, tenantId: number, ids: string[]): Promise<MessageRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.tenantId, tenantId), inArray(messages.id, ids)));
}

export async function findMessageByExternalId(db: Db, tenantId: number, channelId: number, externalId: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.tenantId, tenantId), eq(messages.channelId, channelId), eq(messages.externalId, externalId)));
  return row;
}

/** A page of a ticket's messages, newest first. */
export async function listTicketMessages(db: Db, tenantId: number, ticketId: number, options: { limit: number; offset: number }): Promise<MessageRow[]> {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.tenantId, tenantId), eq(messages.ticketId, ticketId)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(options.limit)
    .offset(options.offset);
}

/** The conversation of a contact on a channel across its tickets, oldest first (web-chat history). */
export async function listContactChannelMessages(db: Db, tenantId: number, contactId: number, channelId: number, limit: number): Promise<MessageRow[]> {
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.tenantId, tenantId), eq(messages.contactId, contactId), eq(messages.channelId, channelId)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
  return rows.reverse();
}

export async function updateMessageRow(db: Db, tenantId: number, id: string, changes: Partial<NewMessage>): Promise<MessageRow | undefined> {
  const [row] = await db
    .update(messages)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(messages.tenantId, tenantId), eq(messages.id, id)))
    .returning();
  return row;
}

/** Messages whose text matches, in tickets the caller may see (visibility from the tickets policy). */
export async function searchMessages(db: Db, tenantId: number, options: { search: string; visibility?: SQL; ticketId?: number; limit: number; offset: number }) {
  const pattern = containsPattern(options.search);
  return db
    .select({ message: messages })
    .from(messages)
    .innerJoin(tickets, eq(tickets.id, messages.ticketId))
    .where(and(eq(messages.tenantId, tenantId), eq(messages.deleted, false), ilike(messages.body, pattern), options.visibility, options.ticketId ? eq(messages.ticketId, options.ticketId) : undefined))
    .orderBy(desc(messages.createdAt))
    .limit(options.limit)
    .offset(options.offset);
}
