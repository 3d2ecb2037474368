import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../../platform/db/client.js';
import type { ReportRow } from '../../report-definition.js';
import { CHANNEL_TYPE_TITLES } from '../../report-files.js';

/**
 * The SQL of the two ticket reports (estatisticas-atendimentos-usuarios, atendimentos-por-parametros).
 * Every statement is cut to one tenant and to the queues the caller computed (the filter, within a
 * supervisor's queues). Dates are calendar days in the tenant's time zone, both included.
 *
 * First response: the ticket's first_response_at, the dashboard's definition (module insight), set
 * once by the statement that stores an agent's own reply (not bots, automations, campaigns, the API,
 * messages typed on the phone or sent in an agent's name by automation); the time is that moment
 * minus the ticket's created_at, averaged over the tickets that have one.
 * Handling time: closed_at minus created_at, averaged over the closed tickets.
 * Both as the dashboard's per-user figures (a time before the creation counts 0): the summary per
 * user and the dashboard's "by user" agree for the same days, queues and tickets (reports.test.ts).
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export interface TicketRange {
  tenantId: number;
  timeZone: string;
  from: string;
  to: string;
  /** The queues to read (the caller answers nothing itself when these are empty and `withoutQueue` is off). */
  queueIds: readonly number[];
  /** The tickets without a queue too (queue_id null). */
  withoutQueue: boolean;
}

const inQueues = (range: TicketRange) =>
  range.withoutQueue
    ? sql`(t.queue_id = any(${intArray(range.queueIds)}) or t.queue_id is null)`
    : sql`t.queue_id = any(${intArray(range.queueIds)})`;

const createdIn = (range: TicketRange) => sql`t.tenant_id = ${range.tenantId}
  and t.created_at >= (${range.from}::date)::timestamp at time zone ${range.timeZone}
  and t.created_at < (${range.to}::date + 1)::timestamp at time zone ${range.timeZone}
  and ${inQueues(range)}`;

// ---- estatisticas-atendimentos-usuarios ----

export const USER_STATISTICS_SORTS: Record<string, SQL> = {
  name: sql`u.name`,
  email: sql`u.email`,
  pending: sql`pending`,
  open: sql`open`,
  closed: sql`closed`,
  total: sql`total`,
  avgFirstResponseSeconds: sql`"avgFirstResponseSeconds"`,
  avgHandlingSeconds: sql`"avgHandlingSeconds"`,
};

/** Per user with tickets created in the range in the queues (tickets without a user are not counted): one page and the number of users. */
export async function selectUserStatistics(
  db: Db,
  range: TicketRange,
  page: { offset: number; limit: number; sort?: string; order: 'asc' | 'desc' },
): Promise<{ rows: ReportRow[]; total: number }> {
  const sortKey = page.sort && page.sort in USER_STATISTICS_SORTS ? page.sort : 'name';
  const direction = page.order === 'desc' ? sql`desc` : sql`asc`;
  const result = await db.execute(sql`
    with t as (
      select t.id, t.user_id, t.status, t.created_at, t.closed_at, t.first_response_at
        from tickets t
       where ${createdIn(range)} and t.user_id is not null
    ), per_user as (
      select t.user_id,
             count(*) filter (where t.status = 'pending')::int as pending,
             count(*) filter (where t.status = 'open')::int as open,
             count(*) filter (where t.status = 'closed')::int as closed,
             count(*)::int as total,
             -- greatest() skips nulls (an unanswered ticket would count 0): the filters keep the tickets that have the time.
             round(avg(greatest(0, extract(epoch from (t.first_response_at - t.created_at)))) filter (where t.first_response_at is not null))::int as "avgFirstResponseSeconds",
             round(avg(greatest(0, extract(epoch from (t.closed_at - t.created_at)))) filter (where t.status = 'closed' and t.closed_at is not null))::int as "avgHandlingSeconds"
        from t
       group by t.user_id
    )
    select u.name, u.email, p.pending, p.open, p.closed, p.total, p."avgFirstResponseSeconds", p."avgHandlingSeconds",
           count(*) over ()::int as "__total"
      from per_user p
      join users u on u.id = p.user_id and u.tenant_id = ${range.tenantId}
     order by ${USER_STATISTICS_SORTS[sortKey]} ${direction} nulls last, u.id ${direction}
     limit ${page.limit} offset ${page.offset}`);
  const found = rowsOf<ReportRow & { __total: number }>(result);
  // A page past the end has no row to carry the total: counted from the first page.
  if (!found.length && page.offset > 0)
    return { rows: [], total: (await selectUserStatistics(db, range, { ...page, offset: 0, limit: 1 })).total };
  const total = found[0] ? Number(found[0].__total) : 0;
  return { rows: found.map(({ __total: _, ...row }) => row), total };
}

// ---- atendimentos-por-parametros ----

export interface TicketParameters extends TicketRange {
  statuses?: readonly string[];
  channelIds?: readonly number[];
  userIds?: readonly number[];
  tagIds?: readonly number[];
  laneIds?: readonly number[];
  demandIds?: readonly number[];
}

const notesOf = sql`(select string_agg(n.note, ' | ' order by n.created_at, n.id) from ticket_notes n where n.tenant_id = t.tenant_id and n.ticket_id = t.id)`;

/**
 * The `channel` column shows the channel's type by its name (the web's `channels.types`, the files'
 * CHANNEL_TYPE_TITLES), never its code: it sorts by that name, not by `ch.type` (`evolution` before
 * `webchat`, though "Chat do site (webchat)" comes first on screen). Not by the channel's own name:
 * that is the `connection` column. The names are ranked once here in Portuguese (the product's and
 * the exported files' language, so a file's rows follow its own texts; on a screen in another
 * language only the webchat and WABA names may fall elsewhere), and the SQL maps each code to its
 * rank: the same order on PGlite and PostgreSQL whatever the database's collation.
 */
const CHANNEL_TYPES_BY_NAME = Object.entries(CHANNEL_TYPE_TITLES)
  .sort(([, a], [, b]) => a.localeCompare(b, 'pt-BR'))
  .map(([type]) => type);
const channelTypeRank = sql`case ch.type ${sql.join(
  CHANNEL_TYPES_BY_NAME.map((type, rank) => sql`when ${type} then ${sql.raw(String(rank))}`),
  sql` `,
)} end`;

/** Each sortable column's expression. */
const TICKET_PARAMETER_SORTS: Record<string, SQL> = {
  id: sql`t.id`,
  status: sql`t.status`,
  name: sql`c.name`,
  number: sql`c.number`,
  connection: sql`ch.name`,
  lastMessage: sql`t.last_message`,
  unreadMessages: sql`t.unread_messages`,
  demand: sql`d.name`,
  queue: sql`q.name`,
  channel: channelTypeRank,
  value: sql`t.value`,
  notes: notesOf,
  createdAt: sql`t.created_at`,
};

function parameterWhere(p: TicketParameters): SQL {
  const parts = [createdIn(p)];
  if (p.statuses?.length) parts.push(sql`t.status = any(${`{${p.statuses.join(',')}}`}::text[])`);
  if (p.channelIds?.length) parts.push(sql`t.channel_id = any(${intArray(p.channelIds)})`);
  if (p.userIds?.length) parts.push(sql`t.user_id = any(${intArray(p.userIds)})`);
  if (p.laneIds?.length) parts.push(sql`t.lane_id = any(${intArray(p.laneIds)})`);
  if (p.demandIds?.length) parts.push(sql`t.demand_id = any(${intArray(p.demandIds)})`);
  if (p.tagIds?.length)
    parts.push(
      sql`exists (select 1 from ticket_tags tt where tt.tenant_id = t.tenant_id and tt.ticket_id = t.id and tt.tag_id = any(${intArray(p.tagIds)}))`,
    );
  return sql.join(parts, sql` and `);
}

const FROM_TICKETS = sql`
  from tickets t
  join contacts c on c.id = t.contact_id
  join channels ch on ch.id = t.channel_id
  left join queues q on q.id = t.queue_id
  left join demands d on d.id = t.demand_id`;

export async function countTicketsByParameters(db: Db, p: TicketParameters): Promise<number> {
  const [row] = rowsOf<{ total: number }>(await db.execute(sql`select count(*)::int as total from tickets t where ${parameterWhere(p)}`));
  return Number(row?.total ?? 0);
}

const TICKET_ROW_COLUMNS = sql`t.id, t.status, c.name, c.number, ch.name as connection, t.last_message as "lastMessage",
           t.unread_messages as "unreadMessages", d.name as demand, q.name as queue, ch.type as channel,
           t.value::float8 as value, ${notesOf} as notes, ${iso(sql`t.created_at`)} as "createdAt"`;

const ticketRowOf = (row: ReportRow): ReportRow => ({ ...row, value: row.value === null ? null : Number(row.value) });

/** The column's order (nulls last, ties by id). */
function orderOf(sortKey: string | undefined, order: 'asc' | 'desc'): SQL {
  const sort = TICKET_PARAMETER_SORTS[sortKey && sortKey in TICKET_PARAMETER_SORTS ? sortKey : 'id'];
  const direction = order === 'desc' ? sql`desc` : sql`asc`;
  return sql`(${sort}) is null, (${sort}) ${direction}, t.id ${direction}`;
}

/** One page of the tickets of the parameters, in the column's order. */
export async function selectTicketsByParameters(
  db: Db,
  p: TicketParameters,
  page: { sort?: string; order: 'asc' | 'desc'; limit: number; offset: number },
): Promise<ReportRow[]> {
  const result = await db.execute(sql`
    select ${TICKET_ROW_COLUMNS}
      ${FROM_TICKETS}
     where ${parameterWhere(p)}
     order by ${orderOf(page.sort, page.order)}
     limit ${page.limit} offset ${page.offset}`);
  return rowsOf<ReportRow>(result).map(ticketRowOf);
}

/** Every ticket of the parameters as (position, row_id) in the column's order: an export's order (export-order.ts). */
export function ticketsByParametersOrder(p: TicketParameters, sort: string | undefined, order: 'asc' | 'desc'): SQL {
  return sql`select (row_number() over (order by ${orderOf(sort, order)}))::int as position, t.id as row_id
      ${FROM_TICKETS}
     where ${parameterWhere(p)}`;
}

/** The rows of these tickets of the tenant (an export's batch), by id. */
export async function selectTicketRowsByIds(db: Db, tenantId: number, ids: readonly number[]): Promise<Map<number, ReportRow>> {
  const result = await db.execute(sql`
    select ${TICKET_ROW_COLUMNS}
      ${FROM_TICKETS}
     where t.tenant_id = ${tenantId} and t.id = any(${intArray(ids)})`);
  return new Map(rowsOf<ReportRow>(result).map((row) => [Number(row.id), ticketRowOf(row)]));
}
