import { and, asc, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { TagRef } from '@conversa/shared';
import type { Db } from '../../platform/db/client.js';
import { contactTags, tags, ticketTags } from '../../platform/db/schema.js';

export type TagRow = typeof tags.$inferSelect;
export type TagValues = { name: string; color: string; isActive: boolean };

const byName = [asc(sql`lower(${tags.name})`), asc(tags.id)];

export async function listTagRows(db: Db, tenantId: number, options: { activeOnly?: boolean } = {}): Promise<TagRow[]> {
  return db
    .select()
    .from(tags)
    .where(and(eq(tags.tenantId, tenantId), options.activeOnly ? eq(tags.isActive, true) : undefined))
    .orderBy(...byName);
}

export async function findTagById(db: Db, tenantId: number, id: number): Promise<TagRow | undefined> {
  const [row] = await db
    .select()
    .from(tags)
    .where(and(eq(tags.tenantId, tenantId), eq(tags.id, id)));
  return row;
}

/** The tenant's tags among `ids` (another tenant's ids are simply not found). */
export async function findTagsByIds(db: Db, tenantId: number, ids: number[]): Promise<TagRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(tags)
    .where(and(eq(tags.tenantId, tenantId), inArray(tags.id, ids)));
}

export async function insertTag(db: Db, tenantId: number, values: TagValues): Promise<TagRow> {
  const [row] = await db
    .insert(tags)
    .values({ ...values, tenantId })
    .returning();
  return row;
}

export async function updateTagRow(db: Db, tenantId: number, id: number, values: Partial<TagValues>): Promise<TagRow | undefined> {
  const [row] = await db
    .update(tags)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(tags.tenantId, tenantId), eq(tags.id, id)))
    .returning();
  return row;
}

/** The tickets and contacts that carry the tag (at most `limit` of each). */
export async function listTagLinks(
  db: Db,
  tenantId: number,
  id: number,
  limit: number,
): Promise<{ ticketIds: number[]; contactIds: number[] }> {
  const onTickets = await db
    .select({ id: ticketTags.ticketId })
    .from(ticketTags)
    .where(and(eq(ticketTags.tenantId, tenantId), eq(ticketTags.tagId, id)))
    .limit(limit);
  const onContacts = await db
    .select({ id: contactTags.contactId })
    .from(contactTags)
    .where(and(eq(contactTags.tenantId, tenantId), eq(contactTags.tagId, id)))
    .limit(limit);
  return { ticketIds: onTickets.map((r) => r.id), contactIds: onContacts.map((r) => r.id) };
}

/** Deletes the tag; its ticket and contact links go with it (cascade). */
export async function deleteTagRow(db: Db, tenantId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(tags)
    .where(and(eq(tags.tenantId, tenantId), eq(tags.id, id)))
    .returning({ id: tags.id });
  return deleted.length > 0;
}

export async function countTagUsage(db: Db, tenantId: number, id: number): Promise<{ tickets: number; contacts: number }> {
  const [[onTickets], [onContacts]] = [
    await db
      .select({ n: count() })
      .from(ticketTags)
      .where(and(eq(ticketTags.tenantId, tenantId), eq(ticketTags.tagId, id))),
    await db
      .select({ n: count() })
      .from(contactTags)
      .where(and(eq(contactTags.tenantId, tenantId), eq(contactTags.tagId, id))),
  ];
  return { tickets: onTickets?.n ?? 0, contacts: onContacts?.n ?? 0 };
}

// ---- links ----

type Target =
  { table: typeof ticketTags; column: typeof ticketTags.ticketId } | { table: typeof contactTags; column: typeof contactTags.contactId };
const TICKET: Target = { table: ticketTags, column: ticketTags.ticketId };
const CONTACT: Target = { table: contactTags, column: contactTags.contactId };

async function tagIdsOn(db: Db, target: Target, tenantId: number, itemId: number): Promise<number[]> {
  const { table, column } = target;
  const rows = await db
    .select({ id: table.tagId })
    .from(table)
    .where(and(eq(table.tenantId, tenantId), eq(column, itemId)));
  return rows.map((r) => r.id);
}

/** Replaces the item's set of tags with `tagIds` (already checked to be the tenant's); answers whether it changed. */
async function replaceTags(db: Db, target: Target, tenantId: number, itemId: number, tagIds: number[]): Promise<boolean> {
  const { table, column } = target;
  const removed = await db
    .delete(table)
    .where(and(eq(table.tenantId, tenantId), eq(column, itemId), tagIds.length ? notInArray(table.tagId, tagIds) : undefined))
    .returning({ id: table.tagId });
  let added = 0;
  if (tagIds.length) {
    const rows =
      target === TICKET
        ? await db
            .insert(ticketTags)
            .values(tagIds.map((tagId) => ({ tenantId, ticketId: itemId, tagId })))
            .onConflictDoNothing()
            .returning({ id: ticketTags.tagId })
        : await db
            .insert(contactTags)
            .values(tagIds.map((tagId) => ({ tenantId, contactId: itemId, tagId })))
            .onConflictDoNothing()
            .returning({ id: contactTags.tagId });
    added = rows.length;
  }
  return removed.length > 0 || added > 0;
}

export const ticketTagIds = (db: Db, tenantId: number, ticketId: number) => tagIdsOn(db, TICKET, tenantId, ticketId);
export const contactTagIds = (db: Db, tenantId: number, contactId: number) => tagIdsOn(db, CONTACT, tenantId, contactId);
export const replaceTicketTags = (db: Db, tenantId: number, ticketId: number, tagIds: number[]) =>
  replaceTags(db, TICKET, tenantId, ticketId, tagIds);
export const replaceContactTags = (db: Db, tenantId: number, contactId: number, tagIds: number[]) =>
  replaceTags(db, CONTACT, tenantId, contactId, tagIds);

/** Adds one tag to a ticket; answers false when it was already there. */
export async function insertTicketTag(db: Db, tenantId: number, ticketId: number, tagId: number): Promise<boolean> {
  const rows = await db.insert(ticketTags).values({ tenantId, ticketId, tagId }).onConflictDoNothing().returning({ id: ticketTags.tagId });
  return rows.length > 0;
}

/** The tags of each contact among `contactIds`, by name. */
export async function tagsOfContacts(db: Db, tenantId: number, contactIds: number[]): Promise<Map<number, TagRef[]>> {
  const result = new Map<number, TagRef[]>();
  if (!contactIds.length) return result;
  const rows = await db
    .select({ contactId: contactTags.contactId, id: tags.id, name: tags.name, color: tags.color })
    .from(contactTags)
    .innerJoin(tags, eq(tags.id, contactTags.tagId))
    .where(and(eq(contactTags.tenantId, tenantId), inArray(contactTags.contactId, contactIds)))
    .orderBy(...byName);
  for (const { contactId, ...tag } of rows) result.set(contactId, [...(result.get(contactId) ?? []), tag]);
  return result;
}
