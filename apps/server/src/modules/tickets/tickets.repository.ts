import { and, asc, desc, eq, getTableColumns, gt, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { TicketOrigin, TicketStatus } from '@conversa/shared';
import type { Db } from '../../platform/db/client.js';
import { rowByTenantAndId } from '../../platform/db/raw-rows.js';
import type { VisibilityRule } from './tickets.policy.js';
import type { TicketView } from '../../platform/events/domain-events.js';
import {
  channels,
  contacts,
  contactWallets,
  scheduledMessages,
  ticketLogs,
  ticketProtocols,
  tickets,
  ticketTags,
  users,
} from '../../platform/db/schema.js';
import { containsPattern } from '../../platform/db/like.js';
import { queryFixed, queryPrepared, type FixedStatement } from '../../platform/db/prepared.js';
import { columnsOf, rowOfJson } from '../../platform/db/raw-rows.js';
import { templateFactsJson, type TemplateFacts } from '../messages/template-facts.repository.js';

export type TicketRow = typeof tickets.$inferSelect;
export type TicketChanges = Partial<Omit<typeof tickets.$inferInsert, 'id' | 'tenantId' | 'contactId' | 'createdAt'>>;

export type { TicketView } from '../../platform/events/domain-events.js';

const TICKET_COLUMNS = columnsOf(tickets);

/**
 * The view's select list over the aliases `t` (tickets), `ct` (contacts), `ch` (channels) and `u`
 * (users, left joined; see TICKET_VIEW_JOINS), as fixed text: the inbox reads views constantly,
 * and rebuilding this select for every request cost more than running it.
 */
/**
 * A ticket's tags (alias `t`) as a JSON array of {id, name, color}, by name: one aggregate over the
 * (tenant_id, ticket_id, tag_id) primary key of ticket_tags.
 */
const TICKET_TAGS_JSON = `coalesce((select json_agg(json_build_object('id', tg.id, 'name', tg.name, 'color', tg.color) order by lower(tg.name), tg.id)
  from ticket_tags tt join tags tg on tg.id = tt.tag_id where tt.tenant_id = t.tenant_id and tt.ticket_id = t.id), '[]'::json)`;

/** A ticket's protocol (alias `t`): one lookup on the ticket_protocols primary key. */
const TICKET_PROTOCOL = `(select tp.protocol from ticket_protocols tp where tp.ticket_id = t.id)`;

export const TICKET_VIEW_SELECT = `to_jsonb(t) as "ticket", json_build_object('contactName', ct.name, 'contactNumber', ct.number,
  'contactEmail', ct.email, 'contactPicture', ct.profile_pic_url, 'contactBlocked', ct.blocked, 'username', u.name, 'channelType', ch.type,
  'laneName', kl.name, 'tags', ${TICKET_TAGS_JSON}, 'protocol', ${TICKET_PROTOCOL}, 'demandName', dm.name) as "view"`;
export const TICKET_VIEW_JOINS = `join contacts ct on ct.id = t.contact_id join channels ch on ch.id = t.channel_id left join users u on u.id = t.user_id
  left join lanes kl on kl.id = t.lane_id left join demands dm on dm.id = t.demand_id`;

/** A row selected with TICKET_VIEW_SELECT, as a TicketView. */
export function ticketViewOf(raw: Record<string, unknown>): TicketView {
  const extra = (typeof raw.view === 'string' ? JSON.parse(raw.view) : raw.view) as Omit<TicketView, keyof TicketRow>;
  return {
    ...rowOfJson<TicketRow>(TICKET_COLUMNS, raw.ticket),
    contactName: extra.contactName,
    contactNumber: extra.contactNumber ?? null,
    contactEmail: extra.contactEmail ?? null,
    contactPicture: extra.contactPicture ?? null,
    contactBlocked: extra.contactBlocked === true,
    username: extra.username ?? null,
    channelType: extra.channelType,
    laneName: extra.laneName ?? null,
    tags: extra.tags ?? [],
    demandName: extra.demandName ?? null,
    protocol: extra.protocol ?? null,
  };
}

const TICKET_VIEW: FixedStatement = {
  name: 'ticket_view',
  text: `select ${TICKET_VIEW_SELECT} from tickets t ${TICKET_VIEW_JOINS} where t.tenant_id = $1 and t.id = $2`,
};

/** A timestamptz as JavaScript's Date#toISOString writes it (UTC, milliseconds truncated, "Z"). */
const isoText = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A ticket of TICKET_VIEW_JOINS as the API answers it: presentTicket (tickets.presenter.ts) written
 * in SQL, key for key and value for value (the list test compares the two on the same tickets).
 */
const TICKET_JSON = `json_build_object('id', t.id, 'status', t.status, 'name', ct.name, 'contactId', t.contact_id,
  'contact', json_build_object('id', t.contact_id, 'name', ct.name, 'number', ct.number, 'email', ct.email,
    'profilePicUrl', ct.profile_pic_url, 'blocked', ct.blocked),
  'userId', t.user_id, 'username', u.name, 'queueId', t.queue_id, 'whatsappId', t.channel_id, 'channel', ch.type,
  'chatFlowId', t.chat_flow_id, 'isGroup', t.is_group, 'unreadMessages', t.unread_messages, 'answered', t.answered,
  'lastMessage', t.last_message, 'lastMessageAt', ${isoText('t.last_message_at')}, 'profilePicUrl', ct.profile_pic_url,
  'integrationStatuses', coalesce(t.integration_statuses, '{}'::jsonb),
  'kanban', case when kl.id is null then null else json_build_object('id', kl.id, 'name', kl.name) end,
  'lanePosition', t.lane_position, 'value', t.value::float8, 'rating', t.rating,
  'tags', ${TICKET_TAGS_JSON}, 'protocol', ${TICKET_PROTOCOL},
  'demand', case when dm.id is null then null else json_build_object('id', dm.id, 'name', dm.name) end,
  'createdAt', ${isoText('t.created_at')}, 'updatedAt', ${isoText('t.updated_at')})`;

/**
 * A page of ticket ids as the JSON array text the list answers, in the page's order. The list is
 * the inbox's hottest read: building its JSON in PostgreSQL spares the server, per request, the
 * rows, the mapped rows, the views and the presented objects of every ticket (garbage that, under
 * concurrent lists, filled V8's old generation) — the text is written into the answer unparsed.
 */
const TICKET_LIST_JSON: FixedStatement = {
  name: 'ticket_list_json',
  text: `select coalesce(json_agg(${TICKET_JSON} order by page.position), '[]')::text as "json"
    from unnest($2::int[]) with ordinality as page(id, position)
    join tickets t on t.id = page.id and t.tenant_id = $1 ${TICKET_VIEW_JOINS}`,
};

export async function findTicketView(db: Db, tenantId: number, id: number): Promise<TicketView | undefined> {
  const [row] = await queryFixed(db, TICKET_VIEW, [tenantId, id]);
  return row ? ticketViewOf(row) : undefined;
}

export const findTicketById = rowByTenantAndId<TicketRow>(tickets, 'ticket_by_id');

/** Locks the ticket for the rest of the transaction (status changes read, check, then write). */
export async function lockTicket(db: Db, tenantId: number, id: number): Promise<TicketRow | undefined> {
  const [row] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.tenantId, tenantId), eq(tickets.id, id)))
    .for('update');
  return row;
}

/** The contact a ticket of the tenant is with (read, not locked). */
export async function findTicketContactId(db: Db, tenantId: number, id: number): Promise<number | undefined> {
  const [row] = await db
    .select({ contactId: tickets.contactId })
    .from(tickets)
    .where(and(eq(tickets.tenantId, tenantId), eq(tickets.id, id)));
  return row?.contactId;
}

/**
 * The statement that creates a ticket: `t` is the ticket insert (returning the row and `created`);
 * `p` gives a created ticket its protocol (next_ticket_protocol, migration 0050: the tenant's counter,
 * locked until the transaction ends, so no gap and no twin). `numberAtCommit`: no `p`, the deferred
 * trigger of migration 0050 numbers the created ticket when its transaction commits.
 */
async function insertWithProtocol(
  db: Db,
  name: string,
  insert: SQL,
  numberAtCommit = false,
): Promise<{ ticket: TicketRow; created: boolean }> {
  const numbering = numberAtCommit
    ? sql``
    : sql`, p as (
        insert into ticket_protocols (ticket_id, tenant_id, protocol, user_id, created_at)
        select t.id, t.tenant_id, next_ticket_protocol(t.tenant_id), t.user_id, t.created_at from t where t.created
        returning 1)`;
  const [row] = await queryPrepared<{ ticket: unknown; created: boolean }>(
    db,
    name,
    sql`with t as (${insert})${numbering} select to_jsonb(t) as "ticket", t.created as "created" from t`,
  );
  return { ticket: rowOfJson<TicketRow>(TICKET_COLUMNS, row.ticket), created: Boolean(row.created) };
}

/**
 * The open-or-pending ticket of a contact on a channel, created if there is none. The partial
 * unique index makes concurrent callers converge on one ticket; `created` tells who made it. A
 * created ticket gets its protocol in the same statement (insertWithProtocol); one found takes no
 * number. `numberAtCommit`: a created ticket is numbered when the transaction commits instead (the
 * deferred trigger of migration 0050): the tenant's counter is then locked for the commit alone, not
 * for the rest of the transaction; for a caller that does not read the protocol before its commit.
 */
export async function upsertActiveTicket(
  db: Db,
  values: {
    tenantId: number;
    contactId: number;
    channelId: number;
    queueId: number | null;
    userId?: number | null;
    status?: 'open' | 'pending';
    isGroup?: boolean;
    /** Who starts it, kept only when it is created (an ongoing ticket found keeps its own). */
    origin: TicketOrigin;
  },
  options: { numberAtCommit?: boolean } = {},
): Promise<{ ticket: TicketRow; created: boolean }> {
  const insert = db
    .insert(tickets)
    .values({ ...values, status: values.status ?? 'pending' })
    .onConflictDoUpdate({
      target: [tickets.contactId, tickets.channelId],
      targetWhere: sql`${tickets.status} in ('open', 'pending')`,
      set: { updatedAt: sql`${tickets.updatedAt}` },
    })
    .returning({ ...getTableColumns(tickets), created: sql<boolean>`(xmax = 0)`.as('created') });
  const numberAtCommit = options.numberAtCommit ?? false;
  const name = numberAtCommit ? 'upsert_active_ticket_unnumbered' : 'upsert_active_ticket';
  return insertWithProtocol(db, name, insert.getSQL(), numberAtCommit);
}

export async function findActiveTicketOfContact(
  db: Db,
  tenantId: number,
  contactId: number,
  channelId?: number,
): Promise<TicketRow | undefined> {
  const [row] = await db
    .select()
    .from(tickets)
    .where(
      and(
        eq(tickets.tenantId, tenantId),
        eq(tickets.contactId, contactId),
        inArray(tickets.status, ['open', 'pending']),
        channelId ? eq(tickets.channelId, channelId) : undefined,
      ),
    )
    .limit(1);
  return row;
}

/** A contact's tickets on one channel, newest first (every status), at most `limit`. */
export async function listTicketsOfContact(
  db: Db,
  tenantId: number,
  contactId: number,
  channelId: number,
  limit: number,
): Promise<TicketRow[]> {
  return db
    .select()
    .from(tickets)
    .where(and(eq(tickets.tenantId, tenantId), eq(tickets.contactId, contactId), eq(tickets.channelId, channelId)))
    .orderBy(desc(tickets.createdAt), desc(tickets.id))
    .limit(limit);
}

/**
 * The contact's tickets created before `before` (any channel), newest first, within `visibility`
 * (a condition over `tickets`; undefined: the whole tenant), at most `limit`.
 */
export async function listEarlierTicketsOfContact(
  db: Db,
  tenantId: number,
  before: Pick<TicketRow, 'id' | 'contactId' | 'createdAt'>,
  visibility: SQL | undefined,
  limit: number,
) {
  return db
    .select({
      id: tickets.id,
      protocol: ticketProtocols.protocol,
      status: tickets.status,
      channelName: channels.name,
      username: users.name,
      lastMessage: tickets.lastMessage,
      createdAt: tickets.createdAt,
      closedAt: tickets.closedAt,
    })
    .from(tickets)
    .innerJoin(channels, eq(channels.id, tickets.channelId))
    .leftJoin(users, eq(users.id, tickets.userId))
    .leftJoin(ticketProtocols, eq(ticketProtocols.ticketId, tickets.id))
    .where(
      and(
        eq(tickets.tenantId, tenantId),
        eq(tickets.contactId, before.contactId),
        or(lt(tickets.createdAt, before.createdAt), and(eq(tickets.createdAt, before.createdAt), lt(tickets.id, before.id))),
        visibility,
      ),
    )
    .orderBy(desc(tickets.createdAt), desc(tickets.id))
    .limit(limit);
}

export async function updateTicketRow(db: Db, tenantId: number, id: number, changes: TicketChanges): Promise<TicketRow | undefined> {
  const [row] = await db
    .update(tickets)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(tickets.tenantId, tenantId), eq(tickets.id, id)))
    .returning();
  return row;
}

/** Counters of an arriving message, in one statement. */
export async function recordInboundOnTicket(
  db: Db,
  tenantId: number,
  id: number,
  message: { preview: string; at: Date; countUnread: boolean },
) {
  await db
    .update(tickets)
    .set({
      lastMessage: message.preview,
      lastMessageAt: message.at,
      updatedAt: sql`now()`,
      unreadMessages: message.countUnread ? sql`${tickets.unreadMessages} + 1` : tickets.unreadMessages,
      answered: false,
    })
    .where(and(eq(tickets.tenantId, tenantId), eq(tickets.id, id)));
}

/** A closed ticket holding a conversation's past (a history import that closes what it opens), with its protocol. */
export async function insertClosedTicket(
  db: Db,
  values: { tenantId: number; contactId: number; channelId: number; queueId: number | null; isGroup: boolean; origin: TicketOrigin },
): Promise<TicketRow> {
  const insert = db
    .insert(tickets)
    .values({ ...values, status: 'closed', closedAt: sql`now()` })
    .returning({ ...getTableColumns(tickets), created: sql<boolean>`true`.as('created') });
  return (await insertWithProtocol(db, 'insert_closed_ticket', insert.getSQL())).ticket;
}

/**
 * The contact's ongoing (open or pending) ticket on the channel, or else a new closed one with its
 * protocol and its 'created' log ($6), in one statement (a campaign opens one per contact).
 */
const OUTREACH_TICKET: FixedStatement = {
  name: 'outreach_ticket',
  text: `with a as (
      select * from tickets where tenant_id = $1 and contact_id = $2 and channel_id = $3 and status in ('open', 'pending') limit 1),
    t as (
      insert into tickets (tenant_id, contact_id, channel_id, queue_id, is_group, status, closed_at, origin)
      select $1, $2, $3, $4::int, $5::boolean, 'closed', now(), 'outreach' where not exists (select 1 from a)
      returning tickets.*, true as created),
    p as (
      insert into ticket_protocols (ticket_id, tenant_id, protocol, user_id, created_at)
      select t.id, t.tenant_id, next_ticket_protocol(t.tenant_id), t.user_id, t.created_at from t
      returning 1),
    l as (
      insert into ticket_logs (tenant_id, ticket_id, user_id, type, payload)
      select t.tenant_id, t.id, null, 'created', $6::jsonb from t
      returning 1)
    select coalesce((select to_jsonb(t) from t), (select to_jsonb(a) from a)) as "ticket", exists (select 1 from t) as "created"`,
};

export async function findOrInsertOutreachTicket(
  db: Db,
  values: {
    tenantId: number;
    contactId: number;
    channelId: number;
    queueId: number | null;
    isGroup: boolean;
    log: Record<string, unknown>;
  },
): Promise<{ ticket: TicketRow; created: boolean }> {
  const [row] = await queryFixed<{ ticket: unknown; created: boolean }>(db, OUTREACH_TICKET, [
    values.tenantId,
    values.contactId,
    values.channelId,
    values.queueId,
    values.isGroup,
    JSON.stringify(values.log),
  ]);
  return { ticket: rowOfJson<TicketRow>(TICKET_COLUMNS, row.ticket), created: row.created === true };
}

/**
 * The ongoing (open or pending) ticket on a channel of the contact with this stored number, with the
 * template facts of a message on it, in one statement (an external API send to a number that
 * already has a conversation: the common case, spared the contact upsert and the facts' read).
 */
const ONGOING_TICKET_BY_NUMBER: FixedStatement = {
  name: 'ongoing_ticket_by_number',
  text: `select to_jsonb(t) as "ticket", ${templateFactsJson('t', 'null::int')} as "facts"
    from contacts c
    join tickets t on t.contact_id = c.id and t.tenant_id = c.tenant_id and t.channel_id = $3 and t.status in ('open', 'pending')
    where c.tenant_id = $1 and c.number = $2
    limit 1`,
};

export async function findOngoingTicketByNumber(
  db: Db,
  tenantId: number,
  number: string,
  channelId: number,
): Promise<{ ticket: TicketRow; facts: TemplateFacts } | undefined> {
  const [row] = await queryFixed<{ ticket: unknown; facts: TemplateFacts }>(db, ONGOING_TICKET_BY_NUMBER, [tenantId, number, channelId]);
  return row ? { ticket: rowOfJson<TicketRow>(TICKET_COLUMNS, row.ticket), facts: row.facts } : undefined;
}

/** Past messages added to a ticket: its last message changes only if they are newer; unread counts stay. */
export async function recordPastMessagesOnTicket(db: Db, tenantId: number, id: number, newest: { preview: string; at: Date }) {
  const at = newest.at.toISOString();
  const newer = sql`(${tickets.lastMessageAt} is null or ${tickets.lastMessageAt} < ${at}::timestamptz)`;
  await db
    .update(tickets)
    .set({
      lastMessage: sql`case when ${newer} then ${newest.preview} else ${tickets.lastMessage} end`,
      lastMessageAt: sql`case when ${newer} then ${at}::timestamptz else ${tickets.lastMessageAt} end`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(tickets.tenantId, tenantId), eq(tickets.id, id)));
}

export async function recordOutboundOnTicket(db: Db, tenantId: number, id: number, message: { preview: string; at: Date }) {
  await db
    .update(tickets)
    .set({ lastMessage: message.preview, lastMessageAt: message.at, updatedAt: sql`now()`, unreadMessages: 0, answered: true })
    .where(and(eq(tickets.tenantId, tenantId), eq(tickets.id, id)));
}

/** An automated message (bot, greeting, absence…) is the last message; it neither answers nor reads the customer's. */
export async function recordAutomatedOnTicket(db: Db, tenantId: number, id: number, message: { preview: string; at: Date }) {
  await db
    .update(tickets)
    .set({ lastMessage: message.preview, lastMessageAt: message.at, updatedAt: sql`now()` })
    .where(and(eq(tickets.tenantId, tenantId), eq(tickets.id, id)));
}

// ---- listing ----

export interface TicketListQuery {
  statuses: TicketStatus[];
  /** Visibility already reduced to SQL by the tickets policy; undefined = everything in the tenant. */
  visibility?: SQL;
  searchParam?: string;
  queueIds?: number[];
  channelIds?: number[];
  userId?: number;
  withUnreadMessages?: boolean;
  notAssigned?: boolean;
  /** The kanbanFiltro preference: tickets in one of these lanes. */
  laneIds?: number[];
  /** Tickets carrying any of these tags. */
  tagIds?: number[];
  /** The kanban board's column of tickets without a lane. */
  noLane?: boolean;
  /** `lane`: the kanban board's order inside a lane (lanePosition, id); otherwise the inbox's (newest first). */
  order?: 'lane';
  limit: number;
  offset: number;
}

/**
 * The statuses of the attendance filter. `schedule` (SPEC §4, "used for search/scheduled") is not a
 * stored status: it lists the tickets with a pending scheduled message, the one it was scheduled
 * from or, while ongoing, the ticket of that contact and channel its next occurrence goes into.
 */
function statusCondition(tenantId: number, statuses: TicketStatus[]): SQL | undefined {
  const stored = statuses.filter((status) => status !== 'schedule');
  const storedCondition = stored.length ? inArray(tickets.status, stored) : undefined;
  if (stored.length === statuses.length) return storedCondition ?? sql`false`;
  const s = scheduledMessages;
  const scheduled = sql`exists (select 1 from ${s} where ${s.tenantId} = ${tenantId} and ${s.status} = 'pending' and (${s.ticketId} = ${tickets.id} or (${s.contactId} = ${tickets.contactId} and ${s.channelId} = ${tickets.channelId} and ${tickets.status} in ('open', 'pending'))))`;
  return storedCondition ? or(storedCondition, scheduled) : scheduled;
}

/** The list's filters as one condition (the page, its count and the board's sums share it). */
function ticketListWhere(db: Db, tenantId: number, query: Omit<TicketListQuery, 'limit' | 'offset' | 'order'>): SQL | undefined {
  const filters: (SQL | undefined)[] = [eq(tickets.tenantId, tenantId), statusCondition(tenantId, query.statuses), query.visibility];
  if (query.queueIds?.length) filters.push(inArray(tickets.queueId, query.queueIds));
  if (query.channelIds?.length) filters.push(inArray(tickets.channelId, query.channelIds));
  if (query.userId) filters.push(eq(tickets.userId, query.userId));
  if (query.withUnreadMessages) filters.push(gt(tickets.unreadMessages, 0));
  if (query.notAssigned) filters.push(isNull(tickets.userId));
  if (query.laneIds?.length) filters.push(inArray(tickets.laneId, query.laneIds));
  if (query.noLane) filters.push(isNull(tickets.laneId));
  if (query.tagIds?.length)
    filters.push(
      sql`exists (select 1 from ${ticketTags} where ${and(eq(ticketTags.tenantId, tenantId), eq(ticketTags.ticketId, tickets.id), inArray(ticketTags.tagId, query.tagIds))})`,
    );
  if (query.searchParam) {
    const pattern = containsPattern(query.searchParam);
    const digits = query.searchParam.replace(/\D/g, '');
    // The matching contacts come from their trigram indexes (a hashed subplan), so the tickets are
    // neither joined to contacts nor scanned against every contact.
    const matchingContacts = db
      .select({ id: contacts.id })
      .from(contacts)
      .where(
        and(eq(contacts.tenantId, tenantId), or(ilike(contacts.name, pattern), digits ? ilike(contacts.number, `%${digits}%`) : undefined)),
      );
    filters.push(
      or(
        inArray(tickets.contactId, matchingContacts),
        ilike(tickets.lastMessage, pattern),
        /^\d+$/.test(query.searchParam) && query.searchParam.length < 10 ? eq(tickets.id, Number(query.searchParam)) : undefined,
      ),
    );
  }
  return and(...filters);
}

/**
 * A page of the tickets list: `json` is the page's tickets as presented by the API (a JSON array
 * text, see TICKET_LIST_JSON), `returned` how many it holds, `total` how many match.
 */
export async function listTicketPage(
  db: Db,
  tenantId: number,
  query: TicketListQuery,
): Promise<{ json: string; returned: number; total: number }> {
  const where = ticketListWhere(db, tenantId, query);
  const order = query.order === 'lane' ? [asc(tickets.lanePosition), asc(tickets.id)] : [desc(tickets.updatedAt), desc(tickets.id)];
  // The page is chosen from tickets alone (with the count beside it, which never joins), then
  // only its rows are joined for display, by a prepared statement.
  const [page, [totals]] = await Promise.all([
    db
      .select({ id: tickets.id })
      .from(tickets)
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(tickets)
      .where(where),
  ]);
  if (!page.length) return { json: '[]', returned: 0, total: totals?.total ?? 0 };
  const [list] = await queryFixed<{ json: string }>(db, TICKET_LIST_JSON, [tenantId, page.map((r) => r.id)]);
  // Every ticket joins its contact and channel (non-null foreign keys), so the page keeps its length.
  return { json: list?.json ?? '[]', returned: page.length, total: totals?.total ?? 0 };
}

/** The kanban board's columns: per lane (null: without one), how many tickets match and the sum of their values. */
export async function summarizeTicketsByLane(
  db: Db,
  tenantId: number,
  query: Pick<TicketListQuery, 'statuses' | 'visibility'>,
): Promise<{ laneId: number | null; count: number; value: number }[]> {
  return db
    .select({ laneId: tickets.laneId, count: sql<number>`count(*)::int`, value: sql<number>`coalesce(sum(${tickets.value}), 0)::float8` })
    .from(tickets)
    .where(ticketListWhere(db, tenantId, query))
    .groupBy(tickets.laneId);
}

/** The tickets policy's visibility rule as SQL (mirrors canSeeTicket, and so the rooms of roomsForTicket). */
export function visibilitySql(rule: VisibilityRule): SQL | undefined {
  if (rule.all) return undefined;
  const scope = or(
    rule.queueIds.length ? inArray(tickets.queueId, rule.queueIds) : undefined,
    rule.noQueue ? isNull(tickets.queueId) : undefined,
  );
  const conditions: (SQL | undefined)[] = [];
  if (rule.hideAssignedToOthers) conditions.push(isNull(tickets.userId));
  if (rule.hideChatbot) conditions.push(or(isNull(tickets.chatFlowId), sql`${tickets.userId} is not null`));
  if (rule.hideClosed) conditions.push(sql`${tickets.status} <> 'closed'`);
  if (rule.hideGroups) conditions.push(eq(tickets.isGroup, false));
  if (rule.walletsOnly) {
    // A wallet contact's tickets are its owners' (whatever the queue); other tickets follow the scope.
    conditions.push(
      sql`(exists (select 1 from ${contactWallets} w where w.contact_id = ${tickets.contactId} and w.user_id = ${rule.userId}) or (not exists (select 1 from ${contactWallets} w where w.contact_id = ${tickets.contactId}) and ${scope ?? sql`false`}))`,
    );
  } else {
    conditions.push(scope ?? sql`false`);
  }
  return or(eq(tickets.userId, rule.userId), and(...conditions));
}

/**
 * Which of `ids` are the tenant's tickets that pass `visibility` (visibilitySql of the actor's rule;
 * undefined: every ticket of the tenant), in one statement. A missing or another tenant's id is
 * left out.
 */
export async function selectVisibleTicketIds(db: Db, tenantId: number, ids: number[], visibility: SQL | undefined): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.tenantId, tenantId), inArray(tickets.id, ids), visibility));
  return rows.map((r) => r.id);
}

// ---- logs ----

export async function insertTicketLog(
  db: Db,
  values: { tenantId: number; ticketId: number; userId: number | null; type: string; payload?: Record<string, unknown> },
) {
  await db.insert(ticketLogs).values({ ...values, payload: values.payload ?? {} });
}

export async function listTicketLogs(db: Db, tenantId: number, ticketId: number) {
  return db
    .select({
      id: ticketLogs.id,
      type: ticketLogs.type,
      payload: ticketLogs.payload,
      userId: ticketLogs.userId,
      username: users.name,
      createdAt: ticketLogs.createdAt,
    })
    .from(ticketLogs)
    .leftJoin(users, eq(users.id, ticketLogs.userId))
    .where(and(eq(ticketLogs.tenantId, tenantId), eq(ticketLogs.ticketId, ticketId)))
    .orderBy(ticketLogs.createdAt, ticketLogs.id);
}

// ---- idle tickets (auto-resolve) ----

export async function findIdleTicketIds(db: Db, tenantId: number, idleSince: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(
      and(
        eq(tickets.tenantId, tenantId),
        inArray(tickets.status, ['open', 'pending']),
        lt(sql`coalesce(${tickets.lastMessageAt}, ${tickets.createdAt})`, idleSince),
      ),
    )
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function listTicketIdsByStatus(db: Db, tenantId: number, status: TicketStatus, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.tenantId, tenantId), eq(tickets.status, status)))
    .orderBy(tickets.id)
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function clearUnreadOfVisibleTickets(
  db: Db,
  tenantId: number,
  visibility: SQL | undefined,
  queueIds?: number[],
): Promise<number[]> {
  const rows = await db
    .update(tickets)
    .set({ unreadMessages: 0 })
    .where(
      and(
        eq(tickets.tenantId, tenantId),
        inArray(tickets.status, ['open', 'pending']),
        gt(tickets.unreadMessages, 0),
        visibility,
        queueIds?.length ? inArray(tickets.queueId, queueIds) : undefined,
      ),
    )
    .returning({ id: tickets.id });
  return rows.map((r) => r.id);
}

/** Moves active tickets to another channel, except where the contact already has one there. */
export async function moveActiveTicketsBetweenChannels(
  db: Db,
  tenantId: number,
  fromChannelId: number,
  toChannelId: number,
): Promise<{ moved: number[]; skipped: number }> {
  const active = inArray(tickets.status, ['open', 'pending']);
  const rows = await db
    .update(tickets)
    .set({ channelId: toChannelId, updatedAt: sql`now()` })
    .where(
      and(
        eq(tickets.tenantId, tenantId),
        eq(tickets.channelId, fromChannelId),
        active,
        sql`not exists (select 1 from ${tickets} t2 where t2.contact_id = ${tickets.contactId} and t2.channel_id = ${toChannelId} and t2.status in ('open', 'pending'))`,
      ),
    )
    .returning({ id: tickets.id });
  const [left] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tickets)
    .where(and(eq(tickets.tenantId, tenantId), eq(tickets.channelId, fromChannelId), active));
  return { moved: rows.map((r) => r.id), skipped: left?.n ?? 0 };
}

/** Returns true when there was something to clear. */
export async function clearTicketUnread(db: Db, tenantId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(tickets)
    .set({ unreadMessages: 0 })
    .where(and(eq(tickets.tenantId, tenantId), eq(tickets.id, id), gt(tickets.unreadMessages, 0)))
    .returning({ id: tickets.id });
  return rows.length > 0;
}

/** Closes the ticket only if it is still active and still idle since `idleSince` (a new message wins the race). */
export async function closeTicketIfIdle(db: Db, tenantId: number, id: number, idleSince: Date): Promise<TicketRow | undefined> {
  const [row] = await db
    .update(tickets)
    .set({ status: 'closed', closedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(tickets.tenantId, tenantId),
        eq(tickets.id, id),
        inArray(tickets.status, ['open', 'pending']),
        lt(sql`coalesce(${tickets.lastMessageAt}, ${tickets.createdAt})`, idleSince),
      ),
    )
    .returning();
  return row;
}

// ---- kanban: the order of the cards inside a lane ----

/** The active tickets (open, pending): the cards a board shows, the only ones a place is computed among. */
const activeCard = sql`${tickets.status} in ('open', 'pending')`;

/**
 * Serialises the moves into one lane, held to the commit: a move reads its neighbours only after
 * the previous move into that lane committed, so two concurrent moves never take the same place.
 */
export async function lockLaneOrder(db: Db, laneId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(7240021, ${laneId})`);
}

/** The place of a card of the lane (undefined: no such active ticket in that lane of the tenant). */
export async function findLaneCard(
  db: Db,
  tenantId: number,
  laneId: number,
  ticketId: number,
): Promise<{ id: number; position: number } | undefined> {
  const [row] = await db
    .select({ id: tickets.id, position: tickets.lanePosition })
    .from(tickets)
    .where(and(eq(tickets.tenantId, tenantId), eq(tickets.laneId, laneId), eq(tickets.id, ticketId), activeCard));
  return row;
}

/**
 * The card next to `ref` in the lane's order (lanePosition, id), on the given side, leaving out
 * `excludeId` (the card being moved). Undefined at either end.
 */
export async function neighbourLaneCard(
  db: Db,
  tenantId: number,
  laneId: number,
  ref: { id: number; position: number },
  side: 'before' | 'after',
  excludeId: number,
): Promise<{ id: number; position: number } | undefined> {
  const [row] = await db
    .select({ id: tickets.id, position: tickets.lanePosition })
    .from(tickets)
    .where(
      and(
        eq(tickets.tenantId, tenantId),
        eq(tickets.laneId, laneId),
        activeCard,
        sql`${tickets.id} <> ${excludeId}`,
        side === 'before'
          ? sql`(${tickets.lanePosition}, ${tickets.id}) < (${ref.position}::float8, ${ref.id}::int)`
          : sql`(${tickets.lanePosition}, ${tickets.id}) > (${ref.position}::float8, ${ref.id}::int)`,
      ),
    )
    .orderBy(...(side === 'before' ? [desc(tickets.lanePosition), desc(tickets.id)] : [asc(tickets.lanePosition), asc(tickets.id)]))
    .limit(1);
  return row;
}

/** The last card's place in the lane (leaving out `excludeId`); undefined for an empty lane. */
export async function lastLanePosition(db: Db, tenantId: number, laneId: number, excludeId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ position: sql<number | null>`max(${tickets.lanePosition})` })
    .from(tickets)
    .where(and(eq(tickets.tenantId, tenantId), eq(tickets.laneId, laneId), activeCard, sql`${tickets.id} <> ${excludeId}`));
  return row?.position ?? undefined;
}

/** Spreads the lane's cards out again (1024 apart, same order): when two neighbours left no room between them. */
export async function renumberLane(db: Db, tenantId: number, laneId: number, gap: number): Promise<void> {
  await db.execute(sql`update tickets t set lane_position = r.rn * ${gap}
    from (select id, row_number() over (order by lane_position, id) as rn from tickets
          where tenant_id = ${tenantId} and lane_id = ${laneId} and status in ('open', 'pending')) r
    where t.id = r.id and t.tenant_id = ${tenantId}`);
}

// ---- reasons (demands) and the ticket panel (issue 11) ----

/** The tenant's tickets that carry a reason. */
export async function listTicketIdsWithDemand(db: Db, tenantId: number, demandId: number): Promise<number[]> {
  const rows = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.tenantId, tenantId), eq(tickets.demandId, demandId)));
  return rows.map((r) => r.id);
}

/** Which of `ids` are tickets of the tenant. */
export async function existingTicketIds(db: Db, tenantId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.tenantId, tenantId), inArray(tickets.id, ids)));
  return rows.map((r) => r.id);
}
