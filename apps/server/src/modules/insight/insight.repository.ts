import type { DashboardGranularity } from '@conversa/shared';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { tickets } from '../../platform/db/schema.js';

/**
 * The dashboard's figures in one statement, read straight from the tables the product writes
 * (tickets, contacts; channels, queues and users for their names): a tenant-wide aggregate over a
 * date range is not something another module's use case answers, and one statement over the
 * `tickets_tenant_created_idx` range is what keeps the 30-day dashboard within its budget.
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

type Seconds = number | string | null;

export interface DashboardRow {
  totals: {
    tickets: number;
    open: number;
    pending: number;
    closed: number;
    receptive: number;
    active: number;
    avgFirstResponse: Seconds;
    avgHandling: Seconds;
    avgRating: number | string | null;
    ratings: number;
  };
  newContacts: number;
  byChannel: { channelId: number; name: string; type: string; tickets: number }[];
  byQueue: { queueId: number | null; name: string | null; tickets: number }[];
  byStatus: { status: string; tickets: number }[];
  byUser: {
    userId: number | null;
    name: string | null;
    tickets: number;
    open: number;
    closed: number;
    avgFirstResponse: Seconds;
    avgHandling: Seconds;
  }[];
  /** `at`: the bucket's start, epoch milliseconds. */
  evolution: { at: number | string; tickets: number; receptive: number; active: number }[];
}

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
  // Contacts created in the range; when the reader's view is narrowed (visibility or filters),
  // those with a ticket in that view.
  const narrowed = s.scope !== undefined || Boolean(s.queueIds?.length || s.channelIds?.length || s.userIds?.length);
  const contactsInView = narrowed ? sql`and exists (select 1 from ${tickets} where ${tickets.contactId} = c.id and ${filters})` : sql``;
  const [row] = await select<DashboardRow>(
    db,
    sql`
    with t as materialized (
      select ${tickets.status} as status, ${tickets.channelId} as channel_id, ${tickets.queueId} as queue_id, ${tickets.userId} as user_id,
        ${tickets.origin} = 'customer' as receptive, ${tickets.rating} as rating,
        -- (greatest() skips nulls: an unanswered ticket must stay null, not 0)
        case when ${tickets.firstResponseAt} is not null
          then greatest(0, extract(epoch from ${tickets.firstResponseAt} - ${tickets.createdAt})) end as fr,
        case when ${tickets.status} = 'closed' and ${tickets.closedAt} is not null
          then greatest(0, extract(epoch from ${tickets.closedAt} - ${tickets.createdAt})) end as ht,
        date_trunc(${unit}::text, ${tickets.createdAt} at time zone ${tz}::text) as bucket
      from ${tickets}
      where ${filters} and ${tickets.createdAt} >= ${from}::timestamptz and ${tickets.createdAt} < ${to}::timestamptz
    ),
    buckets as (
      select local, extract(epoch from local at time zone ${tz}::text) * 1000 as at
      from generate_series(
        date_trunc(${unit}::text, ${from}::timestamptz at time zone ${tz}::text),
        (${to}::timestamptz - interval '1 microsecond') at time zone ${tz}::text,
        ('1 ' || ${unit}::text)::interval) as local
    )
    select
      (select json_build_object(
        'tickets', count(*)::int,
        'open', (count(*) filter (where status = 'open'))::int,
        'pending', (count(*) filter (where status = 'pending'))::int,
        'closed', (count(*) filter (where status = 'closed'))::int,
        'receptive', (count(*) filter (where receptive))::int,
        'active', (count(*) filter (where not receptive))::int,
        'avgFirstResponse', round(avg(fr)),
        'avgHandling', round(avg(ht)),
        'avgRating', round(avg(rating), 2),
        'ratings', count(rating)::int) from t) as "totals",
      (select count(*)::int from contacts c
        where c.tenant_id = ${s.tenantId} and not c.is_group and c.created_at >= ${from}::timestamptz and c.created_at < ${to}::timestamptz
        ${contactsInView}) as "newContacts",
      (select coalesce(json_agg(json_build_object('channelId', x.channel_id, 'name', x.name, 'type', x.type, 'tickets', x.n)
          order by x.n desc, x.name, x.channel_id), '[]'::json)
        from (select t.channel_id, ch.name, ch.type, count(*)::int as n from t join channels ch on ch.id = t.channel_id
          group by t.channel_id, ch.name, ch.type) x) as "byChannel",
      (select coalesce(json_agg(json_build_object('queueId', x.queue_id, 'name', x.name, 'tickets', x.n)
          order by x.n desc, x.name nulls last, x.queue_id), '[]'::json)
        from (select t.queue_id, q.name, count(*)::int as n from t left join queues q on q.id = t.queue_id
          group by t.queue_id, q.name) x) as "byQueue",
      (select coalesce(json_agg(json_build_object('status', x.status, 'tickets', x.n) order by x.n desc, x.status), '[]'::json)
        from (select status, count(*)::int as n from t group by status) x) as "byStatus",
      (select coalesce(json_agg(json_build_object('userId', x.user_id, 'name', x.name, 'tickets', x.n, 'open', x.open, 'closed', x.closed,
            'avgFirstResponse', x.fr, 'avgHandling', x.ht)
          order by x.n desc, x.name nulls last, x.user_id), '[]'::json)
        from (select t.user_id, u.name, count(*)::int as n, (count(*) filter (where t.status = 'open'))::int as open,
            (count(*) filter (where t.status = 'closed'))::int as closed, round(avg(t.fr)) as fr, round(avg(t.ht)) as ht
          from t left join users u on u.id = t.user_id group by t.user_id, u.name) x) as "byUser",
      (select coalesce(json_agg(json_build_object('at', b.at, 'tickets', coalesce(e.n, 0), 'receptive', coalesce(e.receptive, 0),
            'active', coalesce(e.n - e.receptive, 0)) order by b.local), '[]'::json)
        from buckets b left join (select bucket, count(*)::int as n, (count(*) filter (where receptive))::int as receptive
          from t group by bucket) e on e.bucket = b.local) as "evolution"
    `,
  );
  return row;
}
