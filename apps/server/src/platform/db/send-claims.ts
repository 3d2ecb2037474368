import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';
import { messages, smsMessages } from './schema.js';

/**
 * The rows of outreach sends (DESIGN §6 "sends are claims": campaign contacts, mass send
 * recipients): one per recipient of a parent (campaign, mass send), `waiting` → `claimed` with the
 * message queued in the claiming transaction (`message_id`), or `skipped` with the reason. What the
 * message became afterwards is its own status. These are the questions every such table answers
 * the same way; its repository passes its columns.
 *
 * A table whose rows may claim an SMS instead (mass sends of kind `sms`) passes `smsId` too: the
 * SMS's status then stands for the message's (queued and sending read as pending).
 */
export interface ClaimTable {
  table: PgTable;
  tenantId: AnyPgColumn;
  /** The campaign, mass send… the rows belong to. */
  parentId: AnyPgColumn;
  status: AnyPgColumn;
  messageId: AnyPgColumn;
  /** The SMS a row claimed instead of a message, when the table has such rows. */
  smsId?: AnyPgColumn;
  claimedAt: AnyPgColumn;
}

/** A send's status in the messages' terms: the message's, else (for a table with SMS claims) the SMS's. */
function sendStatus(t: ClaimTable, messageStatus: SQL, smsStatus: SQL): SQL {
  if (!t.smsId) return messageStatus;
  return sql`coalesce(${messageStatus}, case when ${smsStatus} in ('queued', 'sending') then 'pending' else ${smsStatus} end)`;
}

/** The joins `sendStatus` reads in the counting subqueries: the message as `m`, the SMS as `s`. */
function sendJoins(t: ClaimTable, messageId: SQL | AnyPgColumn, smsId: SQL | AnyPgColumn | undefined): SQL {
  const message = sql`left join ${messages} m on m.id = ${messageId}`;
  return t.smsId && smsId ? sql`${message} left join ${smsMessages} s on s.id = ${smsId}` : message;
}

/**
 * A row's report status: waiting, skipped, or its message's status (`messages` joined on its
 * message_id; for a table with SMS claims, `sms_messages` joined on its sms_id too).
 */
export function claimReportStatus<Status extends string>(t: ClaimTable): SQL<Status> {
  return sql<Status>`case when ${t.status} = 'waiting' then 'waiting'
    when ${t.status} = 'skipped' then 'skipped' else coalesce(${sendStatus(t, sql`${messages.status}`, sql`${smsMessages.status}`)}, 'failed') end`;
}

/**
 * The counters of the parents whose rows match `where`, as a subquery aliased `counters` to join on
 * `counters.parent_id`: total rows, claimed; sent = the channel took the message (sent, delivered,
 * read); not sent = failed, or skipped; delivered; read.
 */
export function claimCountersJoin(t: ClaimTable, where: SQL | undefined): SQL {
  const status = sendStatus(t, sql`m.status`, sql`s.status`);
  return sql`(
    select ${t.parentId} as parent_id,
           count(*)::int as total,
           (count(*) filter (where ${t.status} = 'claimed'))::int as claimed,
           (count(*) filter (where ${status} in ('sent', 'delivered', 'read')))::int as sent,
           (count(*) filter (where ${t.status} = 'skipped' or ${status} = 'failed'))::int as not_sent,
           (count(*) filter (where ${status} in ('delivered', 'read')))::int as delivered,
           (count(*) filter (where ${status} = 'read'))::int as read
      from ${t.table}
      ${sendJoins(t, t.messageId, t.smsId)}
     where ${where}
     group by ${t.parentId}) counters`;
}

/** The columns of `claimCountersJoin`, zero for a parent without rows. */
export const claimCounterColumns = {
  total: sql<number>`coalesce(counters.total, 0)`,
  claimed: sql<number>`coalesce(counters.claimed, 0)`,
  sent: sql<number>`coalesce(counters.sent, 0)`,
  notSent: sql<number>`coalesce(counters.not_sent, 0)`,
  delivered: sql<number>`coalesce(counters.delivered, 0)`,
  read: sql<number>`coalesce(counters.read, 0)`,
};

/**
 * How many of the parent's most recent claims (the last `window`) still wait for the channel: a
 * runner keeps at most that many queued, so that a pause stops it within them.
 */
export async function countPendingClaims(db: Db, t: ClaimTable, tenantId: number, parentId: number, window: number): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as n from (
      select ${t.messageId} as message_id${t.smsId ? sql`, ${t.smsId} as sms_id` : sql``} from ${t.table}
       where ${t.tenantId} = ${tenantId} and ${t.parentId} = ${parentId} and ${t.status} = 'claimed'
       order by ${t.claimedAt} desc limit ${window}) recent
    ${sendJoins(t, sql`recent.message_id`, sql`recent.sms_id`)}
    where ${sendStatus(t, sql`m.status`, sql`s.status`)} = 'pending'`);
  const [row] = (result as { rows: Array<{ n: number | string }> }).rows;
  return Number(row?.n ?? 0);
}

/** Whether the parent has rows still waiting (a row another runner holds locked included). */
export async function hasWaitingClaims(db: Db, t: ClaimTable, tenantId: number, parentId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(t.table)
    .where(and(eq(t.tenantId, tenantId), eq(t.parentId, parentId), eq(t.status, 'waiting')))
    .limit(1);
  return row !== undefined;
}
