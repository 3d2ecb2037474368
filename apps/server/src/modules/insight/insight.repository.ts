import { DASHBOARD_OUTREACH_STATUS, type DashboardGranularity } from '@conversa/shared';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { tickets } from '../../platform/db/schema.js';

/**
 * The dashboard's figures in one statement, read straight from the tables the product writes
 * (tickets, contacts; channels, queues and users for their names): a tenant-wide aggregate over a
 * date range is not something another module's use case answers, and one statement over the
 * range of `tickets_tenant_created_idx` (which carries every column read: an index-only scan) is
 * what keeps the 30-day dashboard within its budget.
 * Definitions: see use-cases/get-dashboard.ts.
 */

async function select<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** A condition over the `tickets` table: the tickets a reader may see; undefined = the whole tenant. */
export type TicketScope = SQL | undefined;

export interface DashboardSelection {
  tenantId: number;
  from: Date;
  to: Date;
  granularity: DashboardGranularity;
  timeZone: string;
  /** The tickets the reader may see, over the `tickets` table; undefined: the whole tenant. */
  scope: TicketScope;
  queueIds?: number[];
  channelIds?: number[];
  userIds?: number[];
}

/** Only the tickets assigned to the user (an agent's own figures). */
export const ownTicketsCondition = (userId: number): SQL => eq(tickets.userId, userId);

/**
 * The range's tickets counted per (channel, queue, status, assigned user), with the sums and counts
 * the averages need: a few hundred rows however many tickets, which the use case rolls up into
 * the totals and the breakdowns (one pass over the index instead of one per breakdown).
 */
export interface DashboardGroup {
  channelId: number;
  channelName: string;
  channelType: string;
  queueId: number | null;
  queueName: string | null;
  status: string;
  userId: number | null;
  userName: string | null;
  tickets: number;
  /** Sum of (first response − creation) in seconds over the `firstResponses` tickets answered. */
  firstResponseSum: number;
  firstResponses: number;
  /** Sum of (close − creation) in seconds over the `handled` closed tickets. */
  handlingSum: number;
  handled: number;
  ratingSum: number;
  ratings: number;
}

export interface DashboardRow {
  groups: DashboardGroup[];
  newContacts: number;
  /** One per bucket in order, empty ones included; `at`: the bucket's start, epoch milliseconds. */
  evolution: { at: number | string; tickets: number; receptive: number }[];
}

/**
 * A ticket's status for the dashboard: a ticket that only carried a message Conversa sent on its own
 * initiative (created closed by a campaign, mass send or group tool, never taken nor answered by an
 * agent) is DASHBOARD_OUTREACH_STATUS, not a resolved conversation.
 */
const statusOrOutreach = sql`(case when ${tickets.origin} = 'outreach' and ${tickets.status} = 'closed' and ${tickets.userId} is null
  and ${tickets.firstResponseAt} is null then ${DASHBOARD_OUTREACH_STATUS}::text else ${tickets.status}::text end)`;

export async function selectDashboard(db: Db, s: DashboardSelection): Promise<DashboardRow> {
  const filters = and(
    eq(tickets.tenantId, s.tenantId),
    s.scope,
    s.queueIds?.length ? inArray(tickets.queueId, s.queueIds) : undefined,
    s.channelIds?.length ? inArray(tickets.channelId, s.channelIds) : undefined,
    s.userIds?.length ? inArray(tickets.userId, s.userIds) : undefined,
  );
  const from = s.from.toISOString();
  const to = s.to.toISOString();
  const tz = s.timeZone;
  const unit = s.granularity;
  const inRange = sql`${filters} and ${tickets.createdAt} >= ${from}::timestamptz and ${tickets.createdAt} < ${to}::timestamptz`;
  // Contacts created in the range; when the reader's view is narrowed (visibility or filters),
  // those with a ticket in that view.
  const narrowed = s.scope !== undefined || Boolean(s.queueIds?.length || s.channelIds?.length || s.userIds?.length);
  const contactsInView = narrowed ? sql`and exists (select 1 from ${tickets} where ${tickets.contactId} = c.id and ${filters})` : sql``;
  const [row] = await select<DashboardRow>(
    db,
    sql`
    with buckets as (
      -- The buckets' starts on the wall clock of the zone (DST-safe), as instants.
      select row_number() over (order by local)::int as i, local at time zone ${tz}::text as start
      from generate_series(
        date_trunc(${unit}::text, ${from}::timestamptz at time zone ${tz}::text),
        (${to}::timestamptz - interval '1 microsecond') at time zone ${tz}::text,
        ('1 ' || ${unit}::text)::interval) as local
    )
    select
      (select coalesce(json_agg(json_build_object(
          'channelId', g.channel_id, 'channelName', ch.name, 'channelType', ch.type, 'queueId', g.queue_id, 'queueName', q.name,
          'status', g.status, 'userId', g.user_id, 'userName', u.name, 'tickets', g.n,
          'firstResponseSum', g.frs, 'firstResponses', g.frn, 'handlingSum', g.hts, 'handled', g.htn, 'ratingSum', g.rts, 'ratings', g.rtn)), '[]'::json)
        from (
          select ${tickets.channelId} as channel_id, ${tickets.queueId} as queue_id, ${statusOrOutreach} as status, ${tickets.userId} as user_id,
            count(*)::int as n,
            -- greatest() skips nulls: an unanswered ticket adds 0 to the sum and is not counted.
            coalesce(sum(greatest(0, date_part('epoch', ${tickets.firstResponseAt} - ${tickets.createdAt}))), 0) as frs,
            count(${tickets.firstResponseAt})::int as frn,
            coalesce(sum(greatest(0, date_part('epoch', ${tickets.closedAt} - ${tickets.createdAt}))) filter (where ${statusOrOutreach} = 'closed'), 0) as hts,
            (count(${tickets.closedAt}) filter (where ${statusOrOutreach} = 'closed'))::int as htn,
            coalesce(sum(${tickets.rating}), 0)::int as rts,
            count(${tickets.rating})::int as rtn
          from ${tickets}
          where ${inRange}
          group by 1, 2, 3, 4) g
        join channels ch on ch.id = g.channel_id
        left join queues q on q.id = g.queue_id
        left join users u on u.id = g.user_id) as "groups",
      (select count(*)::int from contacts c
        where c.tenant_id = ${s.tenantId} and not c.is_group and c.created_at >= ${from}::timestamptz and c.created_at < ${to}::timestamptz
        ${contactsInView}) as "newContacts",
      (select json_agg(json_build_object('at', extract(epoch from b.start) * 1000, 'tickets', coalesce(e.n, 0), 'receptive', coalesce(e.r, 0))
          order by b.i)
        from buckets b
        left join (
          -- Each ticket's bucket by a binary search of the starts (no time-zone arithmetic per ticket).
          select width_bucket(${tickets.createdAt}, (select array_agg(start order by i) from buckets)) as i,
            count(*)::int as n, (count(*) filter (where ${tickets.origin} = 'customer'))::int as r
          from ${tickets}
          where ${inRange}
          group by 1) e on e.i = b.i) as "evolution"
    `,
  );
  return row;
}
