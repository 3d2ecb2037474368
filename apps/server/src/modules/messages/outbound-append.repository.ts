import type { Db } from '../../platform/db/client.js';
import { queryFixed, type FixedStatement } from '../../platform/db/prepared.js';
import { eventPerRowInsert, eventRowsInsert } from '../../platform/events/logged-by-statement.js';
import { jobInsertSql } from '../../platform/jobs/jobs.js';
import { AppError } from '../../platform/http/app-error.js';
import { TICKET_VIEW_JOINS, TICKET_VIEW_SELECT, ticketViewOf, type TicketView } from '../tickets/tickets.repository.js';
import { messageOfJson, type MessageRow, type NewMessage } from './messages.repository.js';

/** What an outgoing message is stored with (the rest takes the column defaults). */
export type OutboundRow = Pick<
  NewMessage,
  | 'id'
  | 'tenantId'
  | 'ticketId'
  | 'contactId'
  | 'channelId'
  | 'fromMe'
  | 'body'
  | 'mediaType'
  | 'mediaKey'
  | 'mediaName'
  | 'mediaMime'
  | 'mediaSize'
  | 'mediaVoice'
  | 'quotedMessageId'
  | 'rich'
  | 'status'
  | 'externalId'
  | 'ack'
  | 'userId'
  | 'clientId'
>;

/**
 * How an outgoing message changes its ticket: an agent's reply answers the customer and reads what
 * they wrote; an automated message (bot, greeting, absence…) is only the last message. `response`:
 * a reply the agent wrote themselves (not one sent in their name: a scheduled message, a group
 * tool's), whose first one is the ticket's first response (`first_response_at`, set once).
 */
export type OutboundChange = 'response' | 'reply' | 'automated';

/** The update that makes `m` (the CTE of the stored message) its ticket's last message; `preview`: its parameter. */
function ticketUpdateSql(change: OutboundChange, preview: string): string {
  const ticketChanges =
    `last_message = ${preview}, last_message_at = m.timestamp, updated_at = now()` +
    (change === 'automated' ? '' : ', unread_messages = 0, answered = true') +
    (change === 'response' ? ', first_response_at = coalesce(tickets.first_response_at, m.created_at)' : '');
  return `update tickets set ${ticketChanges} from m where tickets.tenant_id = m.tenant_id and tickets.id = m.ticket_id returning tickets.*`;
}

function appendSql(change: OutboundChange): string {
  return `with m as (
      insert into messages (id, tenant_id, ticket_id, contact_id, channel_id, from_me, body, media_type, media_key, media_name, media_mime,
        media_size, media_voice, quoted_message_id, rich, status, external_id, ack, user_id, client_id, created_at)
      values ($1::uuid, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::int, $13, $14::uuid, $15::jsonb, $16, $17, $18, $19, $20::uuid, clock_timestamp())
      returning *),
    t as (${ticketUpdateSql(change, '$21')}),
    ev as (${eventRowsInsert('$22')})
    select to_jsonb(m) as "message", (select array_agg(id::text order by id) from ev) as "eventIds", ${TICKET_VIEW_SELECT}
    from m join t on t.id = m.ticket_id ${TICKET_VIEW_JOINS}`;
}

const STATEMENTS: Record<OutboundChange, FixedStatement> = {
  response: { name: 'outbound_append_response', text: appendSql('response') },
  reply: { name: 'outbound_append_reply', text: appendSql('reply') },
  automated: { name: 'outbound_append_automated', text: appendSql('automated') },
};

/**
 * Stores an outgoing message and makes it its ticket's last message in one fixed statement (the
 * outbound twin of inbound-append), answering the stored row and the ticket's view as the update
 * left it, for the push after the commit. Inside the caller's transaction. The same statement logs
 * `events` (eventRowsJson: the transaction's events not logged yet, then the message's own),
 * answering their ids in order: the transaction's closing record has nothing left to write.
 */
export async function appendOutbound(
  tx: Db,
  values: OutboundRow,
  change: OutboundChange,
  preview: string,
  events: string,
): Promise<{ message: MessageRow; view: TicketView; eventIds: string[] }> {
  const [row] = await queryFixed(tx, STATEMENTS[change], [
    values.id,
    values.tenantId,
    values.ticketId ?? null,
    values.contactId,
    values.channelId,
    values.fromMe,
    values.body ?? '',
    values.mediaType ?? null,
    values.mediaKey ?? null,
    values.mediaName ?? null,
    values.mediaMime ?? null,
    values.mediaSize ?? null,
    values.mediaVoice ?? false,
    values.quotedMessageId ?? null,
    values.rich === null || values.rich === undefined ? null : JSON.stringify(values.rich),
    values.status,
    values.externalId ?? null,
    values.ack ?? 0,
    values.userId ?? null,
    values.clientId ?? null,
    preview,
    events,
  ]);
  // The ticket deleted meanwhile (the update found no row): the caller's request names a ticket that is gone.
  if (!row) throw new AppError('ERR_NO_TICKET_FOUND');
  return {
    message: messageOfJson(row.message),
    view: ticketViewOf(row),
    eventIds: (row.eventIds as string[] | null) ?? [],
  };
}

/**
 * The common external-API send in one autocommit statement, no transaction: Conversa's own text to
 * the ongoing (open or pending) ticket of the contact with this stored number on the channel, stored
 * pending with the ticket's last message, its `message.created` logged and its send job enqueued
 * (jobInsertSql), so the job exists if and only if the message does. No row: no such ticket, and
 * nothing was written (the caller takes the general path). Only for channels that deliver by a send
 * job (not ChannelAdapter.deliversOnStore).
 */
const APPEND_TO_ONGOING_TICKET: FixedStatement = {
  name: 'outbound_append_to_ongoing_ticket',
  text: `with o as (
      select t.id, t.contact_id, t.channel_id
      from contacts c
      join tickets t on t.contact_id = c.id and t.tenant_id = c.tenant_id and t.channel_id = $4 and t.status in ('open', 'pending')
      where c.tenant_id = $2 and c.number = $3
      limit 1),
    m as (
      insert into messages (id, tenant_id, ticket_id, contact_id, channel_id, from_me, body, status, created_at)
      select $1::uuid, $2, o.id, o.contact_id, o.channel_id, true, $5, 'pending', clock_timestamp() from o
      returning *),
    t as (${ticketUpdateSql('automated', '$6')}),
    -- The payload storedPayload gives a message.created (its ticket id is known only here).
    ev as (${eventPerRowInsert('m', 'message.created', { ticketId: 'm.ticket_id', messageId: 'm.id' })}),
    j as (${jobInsertSql('message.send', 'm', `jsonb_build_object('tenantId', m.tenant_id, 'messageId', m.id)`)})
    select to_jsonb(m) as "message", (select id::text from ev) as "eventId", ct.external_key as "contactKey", ${TICKET_VIEW_SELECT}
    from m join t on t.id = m.ticket_id ${TICKET_VIEW_JOINS}`,
};

export async function appendToOngoingTicket(
  db: Db,
  values: { id: string; tenantId: number; number: string; channelId: number; body: string; preview: string },
): Promise<{ message: MessageRow; view: TicketView; contactKey: string | null; eventId: string } | undefined> {
  const [row] = await queryFixed(db, APPEND_TO_ONGOING_TICKET, [
    values.id,
    values.tenantId,
    values.number,
    values.channelId,
    values.body,
    values.preview,
  ]);
  if (!row) return undefined;
  return {
    message: messageOfJson(row.message),
    view: ticketViewOf(row),
    contactKey: (row.contactKey as string | null) ?? null,
    eventId: String(row.eventId),
  };
}
