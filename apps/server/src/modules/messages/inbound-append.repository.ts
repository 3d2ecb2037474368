import type { Db } from '../../platform/db/client.js';
import { queryFixed } from '../../platform/db/prepared.js';
import type { ContactKey } from '../contacts/contacts.repository.js';
import { TICKET_VIEW_JOINS, TICKET_VIEW_SELECT, ticketViewOf, type TicketView } from '../tickets/tickets.repository.js';
import { messageOfJson, type MessageRow } from './messages.repository.js';
import { eventPerRowInsert } from '../../platform/events/logged-by-statement.js';

/** A message of an ongoing conversation, as ingestInbound hands it to the one-statement path. */
export interface AppendInput {
  tenantId: number;
  channelId: number;
  contactKey: ContactKey;
  message: {
    id: string;
    externalId: string;
    body: string;
    mediaType: string | null;
    mediaKey: string | null;
    mediaName: string | null;
    mediaMime: string | null;
    mediaSize: number | null;
    /** The provider's id of the message this one replies to (stored as the quote when we have it). */
    quotedExternalId: string | null;
    timestamp: Date;
  };
  preview: string;
  /** A fixed-window use counted only when the message is stored (webchat visitors). */
  rateLimit?: { key: string; windowSeconds: number; max: number };
}

export type AppendOutcome =
  /** `eventId`: its message.created, written to the event log by the same statement. */
  | { outcome: 'appended'; message: MessageRow; view: TicketView; contactKey: string | null; eventId: string }
  | { outcome: 'duplicate' }
  | { outcome: 'refused' }
  /**
   * Not stored (new or blocked contact, closed ticket, a race): take the full path. `hasTicket`: the
   * contact had an open ticket when the statement looked (a concurrent resend or close), so another
   * attempt might answer otherwise. `counted`: the rate-limit use was counted (the ticket closed
   * between the statement's look and its lock): the full path must not count it again.
   */
  | { outcome: 'fallback'; hasTicket: boolean; counted: boolean };

/** Where a statement's tenant, channel and contact come from: parameters, or (visitor) its token's row. */
interface AppendScope {
  tenant: string;
  channel: string;
  keyColumn: 'number' | 'external_key';
  contactKey: string;
  /** CTEs before the others (the visitor's authentication). */
  prelude: string;
  extraColumns: string;
}

const BY_PARAMETERS = { tenant: '$1', channel: '$2', contactKey: '$4', prelude: '', extraColumns: '' } as const;

/**
 * A web-chat visitor's message, authenticated by the same statement: $1 the token's visitor id, $2
 * the HMAC of its secret, $4 the page's origin when the channel must allow it (null: no check).
 * No row in `v` (unknown visitor, wrong secret, inactive tenant, channel not a connected web chat,
 * origin not allowed) stores nothing and answers authorized = false; the caller then authenticates
 * the slow way, which says precisely what is wrong. It never accepts what authenticateVisitor and
 * assertOriginAllowed would refuse (an origin passes only if listed or if the list is empty).
 * The secret is compared as its HMAC under a server key, so a plain comparison in SQL leaks
 * nothing an attacker could steer.
 */
const BY_VISITOR: AppendScope = {
  tenant: '(select tenant_id from v)',
  channel: '(select channel_id from v)',
  keyColumn: 'external_key',
  contactKey: "('webchat:' || $1::text)",
  prelude: `
  v as (
    select wv.tenant_id, wv.channel_id from webchat_visitors wv
    join channels ch on ch.id = wv.channel_id and ch.tenant_id = wv.tenant_id
    join tenants tn on tn.id = wv.tenant_id
    where wv.id = $1::uuid and wv.token_hash = $2::text and tn.status = 'active' and ch.type = 'webchat' and ch.status = 'connected'
      and ($4::text is null or coalesce(jsonb_array_length(ch.settings -> 'allowedOrigins'), 0) = 0 or (ch.settings -> 'allowedOrigins') ? $4::text)),`,
  extraColumns: '\n  exists (select 1 from v) as "authorized",',
};

/**
 * One use of a fixed-window rate limit (rate_limit_counters) counted by an inbound statement: only
 * for a message not stored yet (the statement's `dup` CTE) and when `when` holds; no row returned
 * when the window is full. The parameters are the statement's: the key (null: no limit), the
 * window's length in seconds and the uses it allows.
 */
export function rateLimitUseSql(params: { key: string; windowSeconds: string; max: string; when: string }): string {
  const { key, windowSeconds, max, when } = params;
  const expired = `r.window_start <= now() - make_interval(secs => ${windowSeconds}::int)`;
  return `
    insert into rate_limit_counters as r (key, count)
    select ${key}::text, 1 from dup where not dup.yes and ${key}::text is not null and ${when}
    on conflict (key) do update set
      count = case when ${expired} then 1 else r.count + 1 end,
      window_start = case when ${expired} then now() else r.window_start end
    where ${expired} or r.count < ${max}::int
    returning 1`;
}

/**
 * The whole inbound write of an ongoing conversation in ONE statement (no begin/commit, one round
 * trip, atomic as any statement): the rate-limit use, the lock of the contact's open ticket, the
 * message insert and the ticket's counters, answering the message and the ticket view. The pieces
 * run in this order because each reads the previous one:
 *   dup → rl (counted only for a new message of a contact with an open ticket) → open_t (row lock;
 *   re-checked after a concurrent change, so a ticket closed meanwhile is skipped) → m (the unique
 *   index makes a concurrent duplicate insert nothing) → t (updated only if m stored a row, so a
 *   duplicate never counts).
 * The message's event joins the event log in the same statement (ev).
 * Anything else (first message, blocked contact, no open ticket) answers 'fallback'.
 */
function appendSql(scope: AppendScope): string {
  return `
with
${scope.prelude}  dup as (select exists (select 1 from messages where tenant_id = ${scope.tenant} and channel_id = ${scope.channel} and external_id = $3) as yes),
  c as (select id, external_key from contacts where tenant_id = ${scope.tenant} and ${scope.keyColumn} = ${scope.contactKey} and not blocked),
  has_t as (
    select 1 from tickets
    where tenant_id = ${scope.tenant} and channel_id = ${scope.channel} and contact_id = (select id from c) and status in ('open', 'pending')),
  rl as (${rateLimitUseSql({ key: '$5', windowSeconds: '$6', max: '$7', when: 'exists (select 1 from has_t)' })}),
  go as (select 1 from dup where not dup.yes and ($5::text is null or exists (select 1 from rl))),
  open_t as (
    select tk.id from tickets tk
    where tk.tenant_id = ${scope.tenant} and tk.channel_id = ${scope.channel} and tk.contact_id = (select id from c)
      and tk.status in ('open', 'pending') and exists (select 1 from go)
    for update),
  m as (
    insert into messages (id, tenant_id, ticket_id, contact_id, channel_id, external_id, from_me, body,
      media_type, media_key, media_name, media_mime, media_size, quoted_message_id, status, ack, timestamp)
    select $8::uuid, ${scope.tenant}, open_t.id, (select id from c), ${scope.channel}, $3, false, $9, $10, $11, $12, $13, $14::int,
      (select q.id from messages q where q.tenant_id = ${scope.tenant} and q.channel_id = ${scope.channel} and q.external_id = $17::text), 'received', 0, $15::timestamptz
    from open_t
    on conflict (channel_id, external_id) where external_id is not null do nothing
    returning *),
  t as (
    update tickets set last_message = $16, last_message_at = $15::timestamptz, updated_at = now(),
      unread_messages = tickets.unread_messages + 1, answered = false
    from m where tickets.id = m.ticket_id
    returning tickets.*),
  ev as (${eventPerRowInsert('m', 'message.created', {
    ticketId: 'm.ticket_id',
    messageId: 'm.id',
    inbound: "jsonb_build_object('ticketCreated', false, 'isGroup', false)",
  })})
select
  (select yes from dup) as "duplicate",${scope.extraColumns}
  (select id::text from ev) as "eventId",
  exists (select 1 from has_t) as "hasTicket",
  exists (select 1 from rl) as "counted",
  ($5::text is null or exists (select 1 from rl)) as "allowed",
  stored.*
from (select 1) as one
left join (
  select to_jsonb(m) as "message", ct.external_key as "contactKey", ${TICKET_VIEW_SELECT}
  from t
  join m on m.ticket_id = t.id
  ${TICKET_VIEW_JOINS}
) as stored on true`;
}

const STATEMENTS = {
  number: { name: 'inbound_append_by_number', text: appendSql({ ...BY_PARAMETERS, keyColumn: 'number' }) },
  externalKey: { name: 'inbound_append_by_external_key', text: appendSql({ ...BY_PARAMETERS, keyColumn: 'external_key' }) },
  visitor: { name: 'inbound_append_by_visitor', text: appendSql(BY_VISITOR) },
} as const;

/** Appends an inbound message to the contact's open ticket in one statement; see appendSql. */
export async function appendToOpenTicket(db: Db, input: AppendInput): Promise<AppendOutcome> {
  const byNumber = 'number' in input.contactKey;
  const statement = byNumber ? STATEMENTS.number : STATEMENTS.externalKey;
  const key = 'number' in input.contactKey ? input.contactKey.number : input.contactKey.externalKey;
  const [row] = await queryFixed(db, statement, [input.tenantId, input.channelId, input.message.externalId, key, ...appendValues(input)]);
  return outcomeOf(row);
}

/** A visitor's message with its authentication in the same statement (BY_VISITOR). */
export async function appendVisitorMessage(
  db: Db,
  input: Omit<AppendInput, 'tenantId' | 'channelId' | 'contactKey'> & { visitorId: string; tokenHash: string; origin: string | null },
): Promise<AppendOutcome | { outcome: 'unauthorized' }> {
  const [row] = await queryFixed(db, STATEMENTS.visitor, [
    input.visitorId,
    input.tokenHash,
    input.message.externalId,
    input.origin,
    ...appendValues(input),
  ]);
  if (row?.authorized !== true) return { outcome: 'unauthorized' };
  return outcomeOf(row);
}

/**
 * $5…$17 of every variant (the message and its rate limit); $1, $2 and $4 are the variant's own, $3 the
 * external id. The first message's statement (inbound-first) numbers its parameters the same way.
 */
export function appendValues(input: Pick<AppendInput, 'message' | 'preview' | 'rateLimit'>): unknown[] {
  const { message } = input;
  return [
    input.rateLimit?.key ?? null,
    input.rateLimit?.windowSeconds ?? 60,
    input.rateLimit?.max ?? 0,
    message.id,
    message.body,
    message.mediaType,
    message.mediaKey,
    message.mediaName,
    message.mediaMime,
    message.mediaSize,
    message.timestamp,
    input.preview,
    message.quotedExternalId,
  ];
}

function outcomeOf(row: Record<string, unknown> | undefined): AppendOutcome {
  if (!row) return { outcome: 'fallback', hasTicket: false, counted: false };
  if (row.duplicate === true) return { outcome: 'duplicate' };
  if (row.hasTicket === true && row.allowed !== true) return { outcome: 'refused' };
  if (row.message === null || row.message === undefined)
    return { outcome: 'fallback', hasTicket: row.hasTicket === true, counted: row.counted === true };
  const stored = messageOfJson(row.message);
  const view = ticketViewOf(row);
  return {
    outcome: 'appended',
    message: stored,
    view,
    contactKey: (row.contactKey as string | null) ?? null,
    eventId: String(row.eventId),
  };
}
