import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { channels, contacts, lanes, tenants, ticketProtocols, tickets, users } from '../../platform/db/schema.js';
import type { OutboundDelivery } from './messages.repository.js';

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
    /** Its additional information: the values of the tenant's contact variables, by name. */
    extraInfo: { name: string; value: string }[];
  };
  agent: { name: string; email: string } | null;
  /** The name of the ticket's kanban lane ({{kanban}}), null without one. */
  laneName: string | null;
  /** The ticket's protocol ({{protocol}}), null without one. */
  protocol: string | null;
  timeZone: string;
  /** Read with them, for the send of the message they fill in. */
  delivery: OutboundDelivery;
}

/** The ticket, its contact, its kanban lane, the agent (`userId`, else the ticket's) and the tenant's clock. */
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
        extraInfo: contacts.extraInfo,
      },
      agentName: users.name,
      agentEmail: users.email,
      laneName: lanes.name,
      protocol: ticketProtocols.protocol,
      timeZone: tenants.timeZone,
      channelType: channels.type,
      contactKey: contacts.externalKey,
    })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .innerJoin(tenants, eq(tenants.id, tickets.tenantId))
    .innerJoin(channels, eq(channels.id, tickets.channelId))
    .leftJoin(lanes, eq(lanes.id, tickets.laneId))
    .leftJoin(ticketProtocols, eq(ticketProtocols.ticketId, tickets.id))
    .leftJoin(users, and(eq(users.tenantId, tickets.tenantId), sql`${users.id} = coalesce(${agentId}::int, ${tickets.userId})`))
    .where(and(eq(tickets.tenantId, tenantId), eq(tickets.id, ticketId)))
    .limit(1);
  if (!row) return undefined;
  return {
    ticket: row.ticket,
    contact: row.contact,
    agent: row.agentName !== null && row.agentEmail !== null ? { name: row.agentName, email: row.agentEmail } : null,
    laneName: row.laneName,
    protocol: row.protocol,
    timeZone: row.timeZone,
    delivery: { channelType: row.channelType, contactKey: row.contactKey },
  };
}
