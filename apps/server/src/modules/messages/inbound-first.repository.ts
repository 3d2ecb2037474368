import type { Db } from '../../platform/db/client.js';
import { queryFixed, type FixedStatement } from '../../platform/db/prepared.js';
import { isForeignKeyViolation, isUniqueViolation, violatedConstraint } from '../../platform/http/app-error.js';
import { eventPerRowInsert } from '../../platform/events/logged-by-statement.js';
import { campaignReplyQueueExistsSql } from '../campaigns/use-cases/campaign-reply-queue.js';
import { walletExistsSql } from '../contacts/contacts.repository.js';
import { appendValues, rateLimitUseSql, type AppendInput } from './inbound-append.repository.js';
import { messageOfJson, type MessageRow } from './messages.repository.js';

export type FirstMessageOutcome =
  /** The contact's new ticket with its first message; `eventId`: its message.created, logged by the same statement. */
  | { outcome: 'opened'; message: MessageRow; contactKey: string | null; channelType: string; eventId: string }
  | { outcome: 'duplicate' }
  | { outcome: 'refused' }
  /**
   * Nothing stored: the full transaction decides (a blocked contact, a ticket the customer's reply
   * may owe to a campaign or a wallet, a channel that assigns arriving tickets, an open ticket after
   * all, an unknown channel). `counted`: the message's rate-limit use was counted (a concurrent
   * writer created the contact or opened the ticket meanwhile), so the full path must not count it again.
   */
  | {
      outcome: 'fallback';
      counted: boolean;
      /** The constraint a concurrent writer's change made the statement violate (rolled back as a whole). */
      conflict?: string;
    };

/**
 * The first message of a customer's conversation on a channel, in ONE statement (no begin/commit):
 * the contact found or created, a new pending ticket in the channel's queue carrying the message's
 * counters, the message, the ticket's 'created' log and the message's event (message.created with
 * ticketCreated) — what ingestInbound's full transaction does for the common case, in one round
 * trip instead of a dozen. The ticket is numbered when the statement commits (the deferred trigger of
 * migration 0050), as in the full path. Anything the full path decides with more reads ('ok' false)
 * answers 'fallback' having written nothing. The pieces run in this order because each reads the
 * previous one:
 *   ch (the tenant's channel) → dup → ex (the existing contact) → ok (nothing to decide elsewhere) → rl (the
 *   rate-limit use, counted only for a message that will be stored) → go → ins (the new contact) →
 *   c (a contact created by this statement, or the one `ex` found; one that a concurrent writer
 *   created meanwhile was not judged by `ok`: nothing more is written) → t (the ticket; none when a
 *   concurrent first message opened one meanwhile) → m → l, ev. Without `c` or `t` the answer is
 *   'fallback' with the use counted (and maybe the contact created: the full path finds it).
 * A conflict with a concurrent writer after the look (the same message stored meanwhile, the contact
 * or the quoted message deleted) fails the whole statement: 'fallback', nothing written, no use counted.
 */
function firstMessageSql(keyColumn: 'number' | 'external_key'): string {
  return `
with
  ch as (select id, type, queue_id, auto_distribution from channels where tenant_id = $1 and id = $2),
  dup as (select exists (select 1 from ch join messages on messages.channel_id = ch.id and messages.external_id = $3) as yes),
  ex as (select id, external_key, blocked, is_group from contacts where tenant_id = $1 and ${keyColumn} = $4),
  ok as (
    select 1 from ch
    where (ch.auto_distribution = 'none' or ch.queue_id is null)
      and not exists (select 1 from ex where ex.blocked or ex.is_group
        or ${walletExistsSql('$1', 'ex.id')}
        or ${campaignReplyQueueExistsSql('$1', 'ex.id', 'ch.id')}
        or exists (select 1 from tickets tk where tk.tenant_id = $1 and tk.contact_id = ex.id and tk.channel_id = ch.id and tk.status in ('open', 'pending')))),
  rl as (${rateLimitUseSql({ key: '$5', windowSeconds: '$6', max: '$7', when: 'exists (select 1 from ok)' })}),
  go as (select 1 from dup where not dup.yes and exists (select 1 from ok) and ($5::text is null or exists (select 1 from rl))),
  ins as (
    insert into contacts (tenant_id, name, email, is_group, ${keyColumn})
    select $1, $18, $19, false, $4 from go where not exists (select 1 from ex)
    on conflict (tenant_id, ${keyColumn}) where ${keyColumn} is not null do update set updated_at = contacts.updated_at
    returning id, external_key, (xmax = 0) as fresh),
  c as (
    select id, external_key from ex where exists (select 1 from go)
    union all
    select id, external_key from ins where ins.fresh),
  t as (
    insert into tickets (tenant_id, contact_id, channel_id, queue_id, is_group, status, origin, unread_messages, last_message, last_message_at, answered)
    select $1, c.id, ch.id, ch.queue_id, false, 'pending', 'customer', 1, $16, $15::timestamptz, false from c, ch
    on conflict (contact_id, channel_id) where status in ('open', 'pending') do nothing
    returning *),
  m as (
    insert into messages (id, tenant_id, ticket_id, contact_id, channel_id, external_id, from_me, body,
      media_type, media_key, media_name, media_mime, media_size, quoted_message_id, status, ack, timestamp)
    select $8::uuid, $1, t.id, t.contact_id, t.channel_id, $3, false, $9, $10, $11, $12, $13, $14::int,
      (select q.id from messages q where q.tenant_id = $1 and q.channel_id = $2 and q.external_id = $17::text), 'received', 0, $15::timestamptz
    from t
    returning *),
  l as (
    insert into ticket_logs (tenant_id, ticket_id, user_id, type, payload)
    select t.tenant_id, t.id, null, 'created', jsonb_build_object('channelId', t.channel_id) from t join m on m.ticket_id = t.id
    returning 1),
  ev as (${eventPerRowInsert('m', 'message.created', {
    ticketId: 'm.ticket_id',
    messageId: 'm.id',
    inbound: "jsonb_build_object('ticketCreated', true, 'isGroup', false)",
  })})
select
  (select yes from dup) as "duplicate",
  ($5::text is null or exists (select 1 from rl)) as "allowed",
  exists (select 1 from ok) as "simple",
  exists (select 1 from rl) as "counted",
  (select to_jsonb(m) from m) as "message",
  (select id::text from ev) as "eventId",
  (select external_key from c limit 1) as "contactKey",
  (select type from ch) as "channelType"`;
}

const STATEMENTS = {
  number: { name: 'inbound_first_by_number', text: firstMessageSql('number') },
  externalKey: { name: 'inbound_first_by_external_key', text: firstMessageSql('external_key') },
} as const satisfies Record<string, FixedStatement>;

/**
 * Opens the contact's conversation with its first message in one statement; see firstMessageSql.
 * `db` must be the root handle, never a transaction: a conflict is caught as a fallback, which inside
 * a transaction would leave it aborted.
 */
export async function openTicketWithMessage(
  db: Db,
  input: AppendInput & { contact: { name: string; email: string | null } },
): Promise<FirstMessageOutcome> {
  const [statement, key] =
    'number' in input.contactKey ? [STATEMENTS.number, input.contactKey.number] : [STATEMENTS.externalKey, input.contactKey.externalKey];
  let row: Record<string, unknown> | undefined;
  try {
    [row] = await queryFixed(db, statement, [
      input.tenantId,
      input.channelId,
      input.message.externalId,
      key,
      ...appendValues(input),
      input.contact.name,
      input.contact.email,
    ]);
  } catch (error) {
    // A concurrent writer changed what the statement read: the same message stored meanwhile (its
    // unique key), or the contact, channel or quoted message deleted (a foreign key). The statement
    // rolled back as a whole (nothing written, no use counted): the full path decides.
    if (isUniqueViolation(error) || isForeignKeyViolation(error))
      return { outcome: 'fallback', counted: false, conflict: violatedConstraint(error) ?? 'unknown' };
    throw error;
  }
  if (!row) return { outcome: 'fallback', counted: false };
  if (row.duplicate === true) return { outcome: 'duplicate' };
  if (row.simple === true && row.allowed !== true) return { outcome: 'refused' };
  if (row.message === null || row.message === undefined) return { outcome: 'fallback', counted: row.counted === true };
  return {
    outcome: 'opened',
    message: messageOfJson(row.message),
    contactKey: (row.contactKey as string | null) ?? null,
    channelType: String(row.channelType),
    eventId: String(row.eventId),
  };
}
