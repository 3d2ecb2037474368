import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';
import { messages } from './schema.js';

/**
 * The rows of outreach sends (DESIGN §6 "sends are claims": campaign contacts, mass send
 * recipients): one per recipient of a parent (campaign, mass send), `waiting` → `claimed` with the
 * message queued in the claiming transaction (`message_id`), or `skipped` with the reason. What the
 * message became afterwards is its own status. These are the questions every such table answers
 * the same way; its repository passes its columns.
 */
export interface ClaimTable {
  table: PgTable;
  tenantId: AnyPgColumn;
  /** The campaign, mass send… the rows belong to. */
  parentId: AnyPgColumn;
  status: AnyPgColumn;
  messageId: AnyPgColumn;
  claimedAt: AnyPgColumn;
}

/** A row's report status: waiting, skipped, or its message's status (`messages` joined on its message_id). */
export function claimReportStatus<Status extends string>(t: ClaimTable): SQL<Status> {
  return sql<Status>`case when ${t.status} = 'waiting' then 'waiting'
    when ${t.status} = 'skipped' then 'skipped' else coalesce(${messages.status}, 'failed') end`;
}

/**
 * The counters of the parents whose rows match `where`, as a subquery aliased `counters` to join on
 * `counters.parent_id`: total rows, claimed; sent = the channel took the message (sent, delivered,
 * read); not sent = failed, or skipped; delivered; read.
 */
export function claimCountersJoin(t: ClaimTable, where: SQL | undefined): SQL {
  return sql`(
    select ${t.parentId} as parent_id,
           count(*)::int as total,
           (count(*) filter (where ${t.status} = 'claimed'))::int as claimed,
           (count(*) filter (where m.status in ('sent', 'delivered', 'read')))::int as sent,
           (count(*) filter (where ${t.status} = 'skipped' or m.status = 'failed'))::int as not_sent,
           (count(*) filter (where m.status in ('delivered', 'read')))::int as delivered,
           (count(*) filter (where m.status = 'read'))::int as read
      from ${t.table}
      left join ${messages} m on m.id = ${t.messageId}
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
      select ${t.messageId} as message_id from ${t.table}
       where ${t.tenantId} = ${tenantId} and ${t.parentId} = ${parentId} and ${t.status} = 'claimed'
       order by ${t.claimedAt} desc limit ${window}) recent
    join ${messages} m on m.id = recent.message_id
    where m.status = 'pending'`);
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
