import { and, asc, desc, eq, gte, inArray } from 'drizzle-orm';
import type { Db } from '../../../../platform/db/client.js';
import { queryFixed } from '../../../../platform/db/prepared.js';
import { columnsOf, rowOfJson } from '../../../../platform/db/raw-rows.js';
import { channels, contacts, messages, tenants, tickets, webchatVisitors } from '../../../../platform/db/schema.js';
import type { MessageRow } from '../../../messages/messages.repository.js';

export type VisitorRow = typeof webchatVisitors.$inferSelect;
export type NewVisitor = Omit<typeof webchatVisitors.$inferInsert, 'tenantId' | 'createdAt'>;

/** A visitor with what every visitor request must check: its channel and its tenant. */
export interface VisitorWithChannel {
  visitor: VisitorRow;
  channel: typeof channels.$inferSelect;
  tenantStatus: string;
}

export async function insertVisitor(db: Db, tenantId: number, values: NewVisitor): Promise<VisitorRow> {
  const [row] = await db
    .insert(webchatVisitors)
    .values({ ...values, tenantId })
    .returning();
  return row;
}

/**
 * Visitors are public callers: their token names the visitor, and the visitor yields tenant and
 * channel (like a channel's public key). The caller must check the token's secret.
 */
export async function findVisitorWithChannel(db: Db, visitorId: string): Promise<VisitorWithChannel | undefined> {
  const [row] = await queryFixed(db, VISITOR_WITH_CHANNEL, [visitorId]);
  if (!row) return undefined;
  return {
    visitor: rowOfJson<VisitorRow>(VISITOR_COLUMNS, row.visitor),
    channel: rowOfJson<typeof channels.$inferSelect>(CHANNEL_COLUMNS, row.channel),
    tenantStatus: row.tenantStatus as VisitorWithChannel['tenantStatus'],
  };
}

/** Every visitor request runs this lookup: fixed text, prepared (platform/db/prepared, raw-rows). */
const VISITOR_COLUMNS = columnsOf(webchatVisitors);
const CHANNEL_COLUMNS = columnsOf(channels);
const VISITOR_WITH_CHANNEL = {
  name: 'webchat_visitor_with_channel',
  text: `select to_jsonb(v) as "visitor", to_jsonb(c) as "channel", tn.status as "tenantStatus"
    from webchat_visitors v
    join channels c on c.id = v.channel_id and c.tenant_id = v.tenant_id
    join tenants tn on tn.id = v.tenant_id
    where v.id = $1::uuid`,
};

/** The channel behind a public embed key, with its tenant's status (public entry point: the key yields the tenant). */
export async function findChannelForEmbed(
  db: Db,
  publicKey: string,
): Promise<
  { id: number; tenantId: number; type: string; status: string; settings: Record<string, unknown>; tenantStatus: string } | undefined
> {
  const [row] = await db
    .select({
      id: channels.id,
      tenantId: channels.tenantId,
      type: channels.type,
      status: channels.status,
      settings: channels.settings,
      tenantStatus: tenants.status,
    })
    .from(channels)
    .innerJoin(tenants, eq(tenants.id, channels.tenantId))
    .where(eq(channels.publicKey, publicKey));
  return row;
}

const conversationTickets = (db: Db, tenantId: number, contactId: number, channelId: number) =>
  db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.tenantId, tenantId), eq(tickets.contactId, contactId), eq(tickets.channelId, channelId)));

/**
 * The visitor's conversation on its channel, across its tickets (through the tickets of the contact,
 * so both steps use an index). Without `since`: the latest `limit` messages. With `since`: those
 * created or changed at or after it, oldest change first. Both answers are in conversation order.
 */
export async function listVisitorConversation(
  db: Db,
  tenantId: number,
  contactId: number,
  channelId: number,
  options: { since?: Date; limit: number },
): Promise<{ rows: MessageRow[]; hasMore: boolean }> {
  const inConversation = and(
    eq(messages.tenantId, tenantId),
    inArray(messages.ticketId, conversationTickets(db, tenantId, contactId, channelId)),
  );
  if (!options.since) {
    const rows = await db
      .select()
      .from(messages)
      .where(inConversation)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(options.limit + 1);
    const hasMore = rows.length > options.limit;
    return { rows: rows.slice(0, options.limit).reverse(), hasMore };
  }
  const rows = await db
    .select()
    .from(messages)
    .where(and(inConversation, gte(messages.updatedAt, options.since)))
    .orderBy(asc(messages.updatedAt), asc(messages.id))
    .limit(options.limit + 1);
  const hasMore = rows.length > options.limit;
  const page = rows.slice(0, options.limit);
  page.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  return { rows: page, hasMore };
}

/** A message with what decides whether a visitor hears of it: its channel's type and its contact's key. */
export async function findMessageAudience(
  db: Db,
  tenantId: number,
  messageId: string,
): Promise<{ message: MessageRow; channelType: string; contactKey: string | null } | undefined> {
  const [row] = await db
    .select({ message: messages, channelType: channels.type, contactKey: contacts.externalKey })
    .from(messages)
    .innerJoin(channels, eq(channels.id, messages.channelId))
    .innerJoin(contacts, eq(contacts.id, messages.contactId))
    .where(and(eq(messages.tenantId, tenantId), eq(messages.id, messageId)));
  return row;
}
