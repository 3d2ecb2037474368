import { and, count, desc, eq, gte, ilike, inArray, like, lte, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.js';
import { containsPattern } from '../../platform/db/like.js';
import { contacts, ticketProtocols, tickets, users } from '../../platform/db/schema.js';

export interface ProtocolFilters {
  searchParam?: string;
  /** yyyy-mm-dd days of the tenant: the protocol's own first 8 digits. */
  dateFrom?: string;
  dateTo?: string;
  /** The tickets the reader may see (tickets policy), undefined = all. */
  visibility?: SQL;
}

const opener = alias(users, 'opener');
const agent = alias(users, 'agent');

export type ProtocolView = Awaited<ReturnType<typeof listProtocolRows>>['rows'][number];

/**
 * A page of the tenant's protocols, newest first. The day filters compare the protocol's text
 * with the day's first and last possible numbers, a range of the (tenant, protocol) unique index.
 */
export async function listProtocolRows(db: Db, tenantId: number, filters: ProtocolFilters, page: { limit: number; offset: number }) {
  const conditions: (SQL | undefined)[] = [eq(ticketProtocols.tenantId, tenantId), filters.visibility];
  if (filters.dateFrom) conditions.push(gte(ticketProtocols.protocol, filters.dateFrom.replaceAll('-', '')));
  if (filters.dateTo) conditions.push(lte(ticketProtocols.protocol, `${filters.dateTo.replaceAll('-', '')}~`));
  const search = filters.searchParam?.trim();
  if (search) {
    const digits = search.replace(/\D/g, '');
    const matchingContacts = db
      .select({ id: contacts.id })
      .from(contacts)
      .where(
        and(
          eq(contacts.tenantId, tenantId),
          or(ilike(contacts.name, containsPattern(search)), digits ? like(contacts.number, `%${digits}%`) : undefined),
        ),
      );
    conditions.push(
      or(/^\d+$/.test(search) ? like(ticketProtocols.protocol, `${search}%`) : undefined, inArray(tickets.contactId, matchingContacts)),
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        protocol: ticketProtocols.protocol,
        ticketId: ticketProtocols.ticketId,
        ticketStatus: tickets.status,
        contactId: contacts.id,
        contactName: contacts.name,
        contactNumber: contacts.number,
        userId: ticketProtocols.userId,
        username: opener.name,
        agentName: agent.name,
        createdAt: ticketProtocols.createdAt,
      })
      .from(ticketProtocols)
      .innerJoin(tickets, eq(tickets.id, ticketProtocols.ticketId))
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .leftJoin(opener, eq(opener.id, ticketProtocols.userId))
      .leftJoin(agent, eq(agent.id, tickets.userId))
      .where(where)
      .orderBy(desc(ticketProtocols.protocol))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(ticketProtocols).innerJoin(tickets, eq(tickets.id, ticketProtocols.ticketId)).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

/** The ticket's protocol, if it has one. */
export async function findProtocolOfTicket(db: Db, tenantId: number, ticketId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ protocol: ticketProtocols.protocol })
    .from(ticketProtocols)
    .where(and(eq(ticketProtocols.tenantId, tenantId), eq(ticketProtocols.ticketId, ticketId)));
  return row?.protocol;
}
