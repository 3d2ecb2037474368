import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { containsPattern } from '../../platform/db/like.js';
import { contacts, ticketNotes, ticketProtocols, tickets, users } from '../../platform/db/schema.js';

export type NoteRow = typeof ticketNotes.$inferSelect;
export type NoteView = NoteRow & { username: string | null };
export type NoteListView = NoteView & {
  contactId: number;
  contactName: string;
  ticketStatus: (typeof tickets.$inferSelect)['status'];
  protocol: string | null;
};

/** Most notes a ticket's timeline loads (newest kept). */
const TICKET_NOTES_LIMIT = 500;

const noteColumns = {
  id: ticketNotes.id,
  tenantId: ticketNotes.tenantId,
  ticketId: ticketNotes.ticketId,
  userId: ticketNotes.userId,
  note: ticketNotes.note,
  mentionedUserIds: ticketNotes.mentionedUserIds,
  createdAt: ticketNotes.createdAt,
  updatedAt: ticketNotes.updatedAt,
  username: users.name,
};

export async function insertNote(
  db: Db,
  tenantId: number,
  values: { ticketId: number; userId: number; note: string; mentionedUserIds: number[] },
): Promise<NoteRow> {
  const [row] = await db
    .insert(ticketNotes)
    .values({ ...values, tenantId })
    .returning();
  return row;
}

export async function findNoteView(db: Db, tenantId: number, id: number): Promise<NoteView | undefined> {
  const [row] = await db
    .select(noteColumns)
    .from(ticketNotes)
    .leftJoin(users, eq(users.id, ticketNotes.userId))
    .where(and(eq(ticketNotes.tenantId, tenantId), eq(ticketNotes.id, id)));
  return row;
}

/** Locks the note for the rest of the transaction (edit and delete check its author first). */
export async function lockNote(db: Db, tenantId: number, id: number): Promise<NoteRow | undefined> {
  const [row] = await db
    .select()
    .from(ticketNotes)
    .where(and(eq(ticketNotes.tenantId, tenantId), eq(ticketNotes.id, id)))
    .for('update');
  return row;
}

export async function updateNoteRow(
  db: Db,
  tenantId: number,
  id: number,
  values: { note: string; mentionedUserIds?: number[] },
): Promise<void> {
  await db
    .update(ticketNotes)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(ticketNotes.tenantId, tenantId), eq(ticketNotes.id, id)));
}

export async function deleteNoteRow(db: Db, tenantId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(ticketNotes)
    .where(and(eq(ticketNotes.tenantId, tenantId), eq(ticketNotes.id, id)))
    .returning({ id: ticketNotes.id });
  return rows.length > 0;
}

/** A ticket's notes, oldest first (the newest TICKET_NOTES_LIMIT). */
export async function listNotesOfTicket(db: Db, tenantId: number, ticketId: number): Promise<NoteView[]> {
  const rows = await db
    .select(noteColumns)
    .from(ticketNotes)
    .leftJoin(users, eq(users.id, ticketNotes.userId))
    .where(and(eq(ticketNotes.tenantId, tenantId), eq(ticketNotes.ticketId, ticketId)))
    .orderBy(desc(ticketNotes.createdAt), desc(ticketNotes.id))
    .limit(TICKET_NOTES_LIMIT);
  return rows.reverse();
}

/** How many of `ids` are users of the tenant. */
export async function countUsersOfTenant(db: Db, tenantId: number, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, ids)));
  return row?.n ?? 0;
}

export interface NoteFilters {
  searchParam?: string;
  userId?: number;
  /** Days of the tenant's time zone, both included. */
  dateFrom?: string;
  dateTo?: string;
  /** The tickets the reader may see (tickets policy), undefined = all. */
  visibility?: SQL;
}

/** A page of the tenant's notes on the tickets the reader may see, newest first. */
export async function listNotePage(
  db: Db,
  tenantId: number,
  filters: NoteFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: NoteListView[]; count: number }> {
  const day = sql`(${ticketNotes.createdAt} at time zone (select time_zone from tenants where id = ${tenantId}))::date`;
  const conditions: (SQL | undefined)[] = [eq(ticketNotes.tenantId, tenantId), filters.visibility];
  if (filters.userId) conditions.push(eq(ticketNotes.userId, filters.userId));
  if (filters.dateFrom) conditions.push(sql`${day} >= ${filters.dateFrom}::date`);
  if (filters.dateTo) conditions.push(sql`${day} <= ${filters.dateTo}::date`);
  if (filters.searchParam) {
    const pattern = containsPattern(filters.searchParam);
    conditions.push(or(ilike(ticketNotes.note, pattern), ilike(contacts.name, pattern)));
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        ...noteColumns,
        contactId: contacts.id,
        contactName: contacts.name,
        ticketStatus: tickets.status,
        protocol: ticketProtocols.protocol,
      })
      .from(ticketNotes)
      .innerJoin(tickets, eq(tickets.id, ticketNotes.ticketId))
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .leftJoin(users, eq(users.id, ticketNotes.userId))
      .leftJoin(ticketProtocols, eq(ticketProtocols.ticketId, tickets.id))
      .where(where)
      .orderBy(desc(ticketNotes.createdAt), desc(ticketNotes.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(ticketNotes)
      .innerJoin(tickets, eq(tickets.id, ticketNotes.ticketId))
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}
