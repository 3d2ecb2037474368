import { and, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { isUniqueViolation } from '../../platform/http/app-error.js';
import type { Db } from '../../platform/db/client.js';
import { queryFixed, type FixedStatement } from '../../platform/db/prepared.js';
import { columnsOf, rowByTenantAndId, rowOfJson } from '../../platform/db/raw-rows.js';
import { channels, contacts, messages, tickets } from '../../platform/db/schema.js';
import { containsPattern } from '../../platform/db/like.js';
import { TICKET_VIEW_JOINS, TICKET_VIEW_SELECT, ticketViewOf, type TicketView } from '../tickets/tickets.repository.js';

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

/** Whether some message of the tenant (deleted ones included) names this stored file. */
export async function messageNamesMediaKey(db: Db, tenantId: number, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.tenantId, tenantId), eq(messages.mediaKey, key)))
    .limit(1);
  return Boolean(row);
}

/** Which of these provider ids the channel already has (a history import skips them). */
export async function existingExternalIds(db: Db, channel: { tenantId: number; id: number }, externalIds: string[]): Promise<Set<string>> {
  if (externalIds.length === 0) return new Set();
  const rows = await db
    .select({ externalId: messages.externalId })
    .from(messages)
    .where(and(eq(messages.tenantId, channel.tenantId), eq(messages.channelId, channel.id), inArray(messages.externalId, externalIds)));
  return new Set(rows.map((row) => row.externalId ?? ''));
}

/**
 * Past messages in one insert, each dated by its own time (created_at = timestamp, so the
 * newest-first history puts them where they belong); (channel, external id) duplicates are skipped.
 */
export async function insertPastMessages(db: Db, rows: (NewMessage & { timestamp: Date })[]): Promise<MessageRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(messages)
    .values(rows.map((row) => ({ ...row, createdAt: row.timestamp })))
    .onConflictDoNothing({ target: [messages.channelId, messages.externalId], where: sql`${messages.externalId} is not null` })
    .returning();
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

/** How a ticket's messages reach its contact: the channel's type and the contact's key on it (a web-chat visitor's). */
export interface OutboundDelivery {
  channelType: string;
  contactKey: string | null;
}

export async function findOutboundDelivery(
  db: Db,
  tenantId: number,
  channelId: number,
  contactId: number,
): Promise<OutboundDelivery | undefined> {
  const [row] = await db
    .select({ channelType: channels.type, contactKey: contacts.externalKey })
    .from(channels)
    .innerJoin(contacts, and(eq(contacts.tenantId, channels.tenantId), eq(contacts.id, contactId)))
    .where(and(eq(channels.tenantId, tenantId), eq(channels.id, channelId)));
  return row;
}

export const findMessageById = rowByTenantAndId<MessageRow>(messages, 'message_by_id');

const MESSAGE_COLUMNS = columnsOf(messages);
/** A message row a raw statement answered as `to_jsonb(m)` (dates and column names as Drizzle's). */
export const messageOfJson = (json: unknown): MessageRow => rowOfJson<MessageRow>(MESSAGE_COLUMNS, json);
const CHANNEL_COLUMNS = columnsOf(channels);
const CONTACT_COLUMNS = columnsOf(contacts);

const SEND_FACTS: FixedStatement = {
  name: 'message_send_facts',
  text: `select to_jsonb(m) as "message", to_jsonb(ch) as "channel", to_jsonb(ct) as "contact"
    from messages m join channels ch on ch.id = m.channel_id join contacts ct on ct.id = m.contact_id
    where m.tenant_id = $1 and m.id = $2`,
};

/** What a send job needs, in one statement: the message, its channel and its contact. Undefined = no such message. */
export async function findSendFacts(
  db: Db,
  tenantId: number,
  id: string,
): Promise<{ message: MessageRow; channel: typeof channels.$inferSelect; contact: typeof contacts.$inferSelect } | undefined> {
  const [row] = await queryFixed(db, SEND_FACTS, [tenantId, id]);
  if (!row) return undefined;
  return {
    message: messageOfJson(row.message),
    channel: rowOfJson<typeof channels.$inferSelect>(CHANNEL_COLUMNS, row.channel),
    contact: rowOfJson<typeof contacts.$inferSelect>(CONTACT_COLUMNS, row.contact),
  };
}

/** The agent's reply stored under this client id (POST /messages/{ticketId} clientId), if any. */
export async function findMessageByClientId(db: Db, tenantId: number, clientId: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.tenantId, tenantId), eq(messages.clientId, clientId)))
    .limit(1);
  return row;
}

export async function findMessagesByIds(db: Db, tenantId: number, ids: string[]): Promise<MessageRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.tenantId, tenantId), inArray(messages.id, ids)));
}

export async function findMessageByExternalId(
  db: Db,
  tenantId: number,
  channelId: number,
  externalId: string,
): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.tenantId, tenantId), eq(messages.channelId, channelId), eq(messages.externalId, externalId)));
  return row;
}

/** A page of a ticket's messages, newest first. */
export async function listTicketMessages(
  db: Db,
  tenantId: number,
  ticketId: number,
  options: { limit: number; offset: number },
): Promise<MessageRow[]> {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.tenantId, tenantId), eq(messages.ticketId, ticketId)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(options.limit)
    .offset(options.offset);
}

/** The conversation of a contact on a channel across its tickets, oldest first (web-chat history). */
export async function listContactChannelMessages(
  db: Db,
  tenantId: number,
  contactId: number,
  channelId: number,
  limit: number,
): Promise<MessageRow[]> {
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.tenantId, tenantId), eq(messages.contactId, contactId), eq(messages.channelId, channelId)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
  return rows.reverse();
}

/**
 * Records a send's result. A provider that reports Conversa's own send as a message of the phone
 * (its echo stored before the send returned) leaves a copy holding the same provider id: that copy
 * (from the channel, by no agent) gives way to the message the agent wrote. Undefined = no such message.
 * Monotonic: a status callback applied meanwhile (delivered, read) is not taken back to 'sent'.
 */
export async function recordSendResult(
  db: Db,
  message: { tenantId: number; id: string; channelId: number },
  changes: { status: 'sent' | 'delivered'; externalId: string; ack: number },
): Promise<{ row: MessageRow | undefined; view?: TicketView; replacedEcho?: { id: string; ticketId: number | null } }> {
  const record = async (executor: Db) => {
    const [row] = await queryFixed(executor, RECORD_SEND, [message.tenantId, message.id, changes.status, changes.ack, changes.externalId]);
    if (!row) return { row: undefined };
    return {
      row: messageOfJson(row.message),
      view: row.ticket === null || row.ticket === undefined ? undefined : ticketViewOf(row),
    };
  };
  try {
    return await record(db);
  } catch (error) {
    if (!isUniqueViolation(error, 'messages_channel_external_key')) throw error;
    return db.transaction(async (tx) => {
      const [echo] = await tx
        .delete(messages)
        .where(
          and(
            eq(messages.tenantId, message.tenantId),
            eq(messages.channelId, message.channelId),
            eq(messages.externalId, changes.externalId),
            eq(messages.fromMe, true),
            isNull(messages.userId),
          ),
        )
        .returning({ id: messages.id, ticketId: messages.ticketId });
      if (!echo) throw error;
      return { ...(await record(tx)), replacedEcho: echo };
    });
  }
}

/** recordSendResult's update, answering the message and its ticket's view (for the push) in the same statement. */
const RECORD_SEND: FixedStatement = {
  name: 'message_record_send',
  text: `with m as (
    update messages set status = case when messages.ack > $4::int then messages.status else $3::text end,
      ack = greatest(messages.ack, $4::int), external_id = $5::text, error = null, updated_at = now()
    where messages.tenant_id = $1 and messages.id = $2
    returning messages.*)
  select to_jsonb(m) as "message", stored.*
  from m left join lateral (select ${TICKET_VIEW_SELECT} from tickets t ${TICKET_VIEW_JOINS} where t.id = m.ticket_id) as stored on true`,
};

/**
 * Claims an outgoing message's send right before the provider call (one UPDATE): only while it is
 * pending, not deleted and not claimed by an earlier attempt. `externalId`: the id the provider will
 * give it, where the adapter chooses it, so that a status callback finds the message even if the
 * send's answer is lost. False: not claimed (see findMessageById for why).
 */
const CLAIM_SEND: FixedStatement = {
  name: 'message_claim_send',
  text: `update messages set send_claimed_at = now(), external_id = coalesce($3::text, messages.external_id)
    where messages.tenant_id = $1 and messages.id = $2 and messages.status = 'pending' and not messages.deleted and messages.send_claimed_at is null
    returning messages.id`,
};

export async function claimMessageSend(db: Db, tenantId: number, id: string, externalId?: string): Promise<boolean> {
  const claim = async (withExternalId: boolean) =>
    (await queryFixed(db, CLAIM_SEND, [tenantId, id, withExternalId && externalId ? externalId : null])).length > 0;
  try {
    return await claim(true);
  } catch (error) {
    // An echo of this very send was stored under that id first: claim without it (recordSendResult sorts it out).
    if (!externalId || !isUniqueViolation(error, 'messages_channel_external_key')) throw error;
    return claim(false);
  }
}

/** Gives a claim up after the provider refused the send (nothing went out): the next attempt sends again. */
export async function releaseMessageSend(db: Db, tenantId: number, id: string): Promise<void> {
  await db
    .update(messages)
    .set({ sendClaimedAt: null })
    .where(and(eq(messages.tenantId, tenantId), eq(messages.id, id), eq(messages.status, 'pending')));
}

/** An unconfirmed or failed message of an agent back to pending, unclaimed, for another send. Undefined = not in such a state. */
export async function requeueMessageSend(db: Db, tenantId: number, id: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .update(messages)
    .set({ status: 'pending', error: null, sendClaimedAt: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(messages.tenantId, tenantId),
        eq(messages.id, id),
        eq(messages.fromMe, true),
        eq(messages.deleted, false),
        inArray(messages.status, ['unconfirmed', 'failed']),
      ),
    )
    .returning();
  return row;
}

/**
 * An unconfirmed send back to pending, unclaimed, once it has waited `windowSeconds` since it was
 * flagged without any status callback naming it (which would have given it a provider id and
 * another status). Undefined = settled meanwhile, deleted, or not waited long enough.
 */
export async function requeueUnconfirmedSend(db: Db, tenantId: number, id: string, windowSeconds: number): Promise<MessageRow | undefined> {
  const [row] = await db
    .update(messages)
    .set({ status: 'pending', error: null, sendClaimedAt: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(messages.tenantId, tenantId),
        eq(messages.id, id),
        eq(messages.status, 'unconfirmed'),
        eq(messages.deleted, false),
        isNull(messages.externalId),
        sql`${messages.updatedAt} <= now() - ${windowSeconds}::int * interval '1 second'`,
      ),
    )
    .returning();
  return row;
}

/**
 * Flags a send whose outcome is unknown as `unconfirmed`, only while it is still pending (its claim
 * may carry the id it was sent with): a status callback that confirmed it meanwhile (apply-provider-status) is kept.
 */
export async function flagPendingSendUnconfirmed(db: Db, tenantId: number, id: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .update(messages)
    .set({ status: 'unconfirmed', error: null, updatedAt: sql`now()` })
    .where(and(eq(messages.tenantId, tenantId), eq(messages.id, id), eq(messages.status, 'pending')))
    .returning();
  return row;
}

export async function updateMessageRow(
  db: Db,
  tenantId: number,
  id: string,
  changes: Partial<NewMessage>,
): Promise<MessageRow | undefined> {
  const [row] = await db
    .update(messages)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(messages.tenantId, tenantId), eq(messages.id, id)))
    .returning();
  return row;
}

/** Messages whose text matches, in tickets the caller may see (visibility from the tickets policy). */
export async function searchMessages(
  db: Db,
  tenantId: number,
  options: { search: string; visibility?: SQL; ticketId?: number; limit: number; offset: number },
) {
  const pattern = containsPattern(options.search);
  return db
    .select({ message: messages })
    .from(messages)
    .innerJoin(tickets, eq(tickets.id, messages.ticketId))
    .where(
      and(
        eq(messages.tenantId, tenantId),
        eq(messages.deleted, false),
        ilike(messages.body, pattern),
        options.visibility,
        options.ticketId ? eq(messages.ticketId, options.ticketId) : undefined,
      ),
    )
    .orderBy(desc(messages.createdAt))
    .limit(options.limit)
    .offset(options.offset);
}
