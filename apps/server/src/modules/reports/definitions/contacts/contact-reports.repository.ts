import { BRAZIL_AREA_CODES, BRAZIL_STORED_NUMBER_PATTERN } from '@conversa/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../../platform/db/client.js';

/**
 * The contact reports' reads (lista-contatos, contatos-por-etiquetas, -estado, -kanban, -carteira).
 * Reports read across tables (contacts with their tags, tickets' lanes, wallets' users) in one SQL
 * statement for speed, rather than through each module's use cases: a page, a count, an export's
 * order and each of its batches cost one query whatever the tenant's size. Every statement is bound to the
 * tenant (`c.tenant_id = $tenant`, and each related table joined on the contact's tenant).
 */

/** Which contacts a report lists: the report's own filter. */
export type ContactReportFilter =
  | { kind: 'all'; createdFrom?: string; createdTo?: string; timeZone: string }
  | { kind: 'tags'; tagIds: number[] }
  | { kind: 'areaCodes'; areaCodes: string[] }
  /** `ticketQueueIds`: only tickets of these queues count (a supervisor's); null: every ticket. */
  | { kind: 'lanes'; laneIds: number[]; ticketQueueIds: number[] | null }
  | { kind: 'wallets'; walletUserIds: number[] };

/** The columns a contact report may show (and sort by). */
export const CONTACT_REPORT_COLUMNS = ['name', 'number', 'email', 'extraInfo', 'createdAt', 'tags', 'state', 'lanes', 'wallets'] as const;
export type ContactReportColumn = (typeof CONTACT_REPORT_COLUMNS)[number];

export interface ContactReportSort {
  column: ContactReportColumn;
  order: 'asc' | 'desc';
}

/** A contact's row: its id and the asked columns' values (text, null when empty). */
export interface ContactReportRow {
  id: number;
  values: Partial<Record<ContactReportColumn, string | null>>;
}

const isoText = (expression: string) => `to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A contact's state (UF) from its number's area code, computed in the database so that filtering,
 * sorting and paging run there: the same table and the same number pattern as the shared
 * `stateOfPhone` (both are built from BRAZIL_AREA_CODES; a test checks every code against it).
 */
export function stateCaseSql(numberExpression: string): string {
  const branches = Object.entries(BRAZIL_AREA_CODES).map(([code, state]) => {
    // Constants of the shared table inlined as literals: checked here, never user input.
    if (!/^[0-9]{2}$/.test(code) || !/^[A-Z]{2}$/.test(state)) throw new Error(`Bad area code entry ${code}: ${state}`);
    return `when '${code}' then '${state}'`;
  });
  return `(case when ${numberExpression} ~ '${BRAZIL_STORED_NUMBER_PATTERN}' then (case substr(${numberExpression}, 3, 2) ${branches.join(' ')} end) end)`;
}

/** Ids as an array literal inlined in SQL text: integers only (checked), never user text. */
function intArrayLiteral(ids: readonly number[]): string {
  if (!ids.every((id) => Number.isSafeInteger(id))) throw new Error('Not an id list');
  return `'{${ids.join(',')}}'::int[]`;
}

/** The tickets a lane column or filter counts: all, or those of the filter's queues (a supervisor's). */
function ticketScopeSql(filter: ContactReportFilter): string {
  return filter.kind === 'lanes' && filter.ticketQueueIds ? ` and t.queue_id = any(${intArrayLiteral(filter.ticketQueueIds)})` : '';
}

/** Each column as shown (null when empty) and as sorted (never null, so that the order is total). */
function columnSql(filter: ContactReportFilter): Record<ContactReportColumn, { value: string; sort: string }> {
  const text = (value: string) => ({ value, sort: `coalesce(${value}, '')` });
  return {
    name: { value: 'c.name', sort: 'c.name' },
    number: text('c.number'),
    email: text('c.email'),
    // The additional information as "Campo: valor; …", in the contact's order.
    extraInfo: text(
      `(select string_agg((e.value ->> 'name') || ': ' || coalesce(e.value ->> 'value', ''), '; ' order by e.ordinality) from jsonb_array_elements(c.extra_info) with ordinality e)`,
    ),
    createdAt: { value: isoText('c.created_at'), sort: 'c.created_at' },
    tags: text(
      `(select string_agg(tg.name, ', ' order by tg.name, tg.id) from contact_tags ct join tags tg on tg.id = ct.tag_id and tg.tenant_id = ct.tenant_id where ct.tenant_id = c.tenant_id and ct.contact_id = c.id)`,
    ),
    state: text(stateCaseSql('c.number')),
    // The lanes of the contact's tickets (any status; a supervisor's: in their queues), in the board's order.
    lanes: text(
      `(select string_agg(l.name, ', ' order by l.position, l.id) from lanes l where l.tenant_id = c.tenant_id and l.id in (select t.lane_id from tickets t where t.tenant_id = c.tenant_id and t.contact_id = c.id and t.lane_id is not null${ticketScopeSql(filter)}))`,
    ),
    wallets: text(
      `(select string_agg(u.name, ', ' order by u.name, u.id) from contact_wallets w join users u on u.id = w.user_id where w.tenant_id = c.tenant_id and w.contact_id = c.id)`,
    ),
  };
}

/** A list of ids or codes as one array parameter (`{1,2,3}`), so that an empty selection matches nothing. */
const arrayLiteral = (values: readonly (number | string)[]) => `{${values.join(',')}}`;

function filterSql(tenantId: number, filter: ContactReportFilter): SQL {
  const tenant = sql`c.tenant_id = ${tenantId}`;
  switch (filter.kind) {
    case 'all': {
      // Calendar days in the tenant's time zone, both included.
      const parts = [tenant];
      if (filter.createdFrom) parts.push(sql`c.created_at >= (${filter.createdFrom}::date)::timestamp at time zone ${filter.timeZone}`);
      if (filter.createdTo) parts.push(sql`c.created_at < (${filter.createdTo}::date + 1)::timestamp at time zone ${filter.timeZone}`);
      return sql.join(parts, sql` and `);
    }
    case 'tags':
      return sql`${tenant} and exists (select 1 from contact_tags ct where ct.tenant_id = c.tenant_id and ct.contact_id = c.id and ct.tag_id = any(${arrayLiteral(filter.tagIds)}::int[]))`;
    case 'areaCodes':
      return sql`${tenant} and c.number ~ ${sql.raw(`'${BRAZIL_STORED_NUMBER_PATTERN}'`)} and substr(c.number, 3, 2) = any(${arrayLiteral(filter.areaCodes.filter((code) => /^[0-9]{2}$/.test(code)))}::text[])`;
    case 'lanes':
      return sql`${tenant} and exists (select 1 from tickets t where t.tenant_id = c.tenant_id and t.contact_id = c.id and t.lane_id = any(${arrayLiteral(filter.laneIds)}::int[])${sql.raw(ticketScopeSql(filter))})`;
    case 'wallets':
      return sql`${tenant} and exists (select 1 from contact_wallets w where w.tenant_id = c.tenant_id and w.contact_id = c.id and w.user_id = any(${arrayLiteral(filter.walletUserIds)}::int[]))`;
  }
}

async function select<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

type RawRow = Record<string, unknown> & { id: number };

function contactRowOf(columns: readonly ContactReportColumn[], row: RawRow): ContactReportRow {
  return {
    id: Number(row.id),
    values: Object.fromEntries(columns.map((column) => [column, (row[column] as string | null | undefined) ?? null])),
  };
}

const selectedSql = (filter: ContactReportFilter, columns: readonly ContactReportColumn[]) => {
  const sqlOf = columnSql(filter);
  return sql.raw(columns.map((column) => `${sqlOf[column].value} as "${column}"`).join(', '));
};

/** The sort column in its direction, then the id in the same direction: a total order. */
function orderSql(filter: ContactReportFilter, sort: ContactReportSort, prefix: string): SQL {
  const direction = sort.order === 'desc' ? 'desc' : 'asc';
  return sql.raw(`${prefix ? `${prefix}.sort_key` : columnSql(filter)[sort.column].sort} ${direction}, ${prefix || 'c'}.id ${direction}`);
}

/** One page of the report (offset and limit) in the sort order. */
export async function pageContactReport(
  db: Db,
  tenantId: number,
  filter: ContactReportFilter,
  columns: readonly ContactReportColumn[],
  sort: ContactReportSort,
  page: { offset: number; limit: number },
): Promise<ContactReportRow[]> {
  // The page is cut first on the sort key alone (an index for name and creation date); the shown
  // columns (aggregates of tags, lanes, wallets…) are computed for the page's rows only.
  const rows = await select<RawRow>(
    db,
    sql`select c.id, ${selectedSql(filter, columns)}
    from (
      select c.id, ${sql.raw(columnSql(filter)[sort.column].sort)} as sort_key
      from contacts c
      where ${filterSql(tenantId, filter)}
      order by ${orderSql(filter, sort, '')}
      limit ${page.limit} offset ${page.offset}
    ) r
    join contacts c on c.id = r.id and c.tenant_id = ${tenantId}
    order by ${orderSql(filter, sort, 'r')}`,
  );
  return rows.map((row) => contactRowOf(columns, row));
}

/** Every contact of the report as (position, row_id) in the sort order: an export's order (export-order.ts). */
export function contactReportOrder(tenantId: number, filter: ContactReportFilter, sort: ContactReportSort): SQL {
  return sql`select (row_number() over (order by ${orderSql(filter, sort, '')}))::int as position, c.id as row_id
    from contacts c
    where ${filterSql(tenantId, filter)}`;
}

/** These contacts of the tenant with the report's columns (an export's batch), by id. */
export async function contactReportRowsByIds(
  db: Db,
  tenantId: number,
  filter: ContactReportFilter,
  columns: readonly ContactReportColumn[],
  ids: readonly number[],
): Promise<ContactReportRow[]> {
  const rows = await select<RawRow>(
    db,
    sql`select c.id, ${selectedSql(filter, columns)} from contacts c where c.tenant_id = ${tenantId} and c.id = any(${arrayLiteral(ids)}::int[])`,
  );
  return rows.map((row) => contactRowOf(columns, row));
}

/** How many contacts the report lists. */
export async function countContactReport(db: Db, tenantId: number, filter: ContactReportFilter): Promise<number> {
  const [row] = await select<{ total: number | string }>(
    db,
    sql`select count(*)::int as total from contacts c where ${filterSql(tenantId, filter)}`,
  );
  return Number(row?.total ?? 0);
}
