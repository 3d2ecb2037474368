import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { contacts, tenants, tickets, users } from '../../platform/db/schema.js';

/** What the template variables of a ticket's message are made of, read in one statement. */
export interface TemplateFacts {
  ticket: { id: number; contactId: number; channelId: number; userId: number | null };
  contact: {
    name: string;
    number: string | null;
    email: string | null;
    firstName: string | null;
    lastName: string | null;
    businessName: string | null;
  };
  agent: { name: string; email: string } | null;
  timeZone: string;
}

/** The ticket, its contact, the agent (`userId`, else the ticket's) and the tenant's clock. */
export async function findTemplateFacts(
  db: Db,
  tenantId: number,
  ticketId: number,
  userId?: number | null,
): Promise<TemplateFacts | undefined> {
  const agentId = userId ?? null;
  const [row] = await db
    .select({
      ticket: { id: tickets.id, contactId: tickets.contactId, channelId: tickets.channelId, userId: tickets.userId },
      contact: {
        name: contacts.name,
        number: contacts.number,
        email: contacts.email,
        firstName: contacts.firstName,
        lastName: contacts.lastName,
        businessName: contacts.businessName,
      },
      agentName: users.name,
      agentEmail: users.email,
      timeZone: tenants.timeZone,
    })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .innerJoin(tenants, eq(tenants.id, tickets.tenantId))
    .leftJoin(users, and(eq(users.tenantId, tickets.tenantId), sql`${users.id} = coalesce(${agentId}::int, ${tickets.userId})`))
    .where(and(eq(tickets.tenantId, tenantId), eq(tickets.id, ticketId)))
    .limit(1);
  if (!row) return undefined;
  return {
    ticket: row.ticket,
    contact: row.contact,
    agent: row.agentName !== null && row.agentEmail !== null ? { name: row.agentName, email: row.agentEmail } : null,
    timeZone: row.timeZone,
  };
}
