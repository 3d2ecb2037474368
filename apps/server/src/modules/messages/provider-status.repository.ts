import type { Db } from '../../platform/db/client.js';
import { queryFixed, type FixedStatement } from '../../platform/db/prepared.js';
import { TICKET_VIEW_JOINS, TICKET_VIEW_SELECT, ticketViewOf, type TicketView } from '../tickets/tickets.repository.js';
import { messageOfJson, type MessageRow } from './messages.repository.js';
import { eventPerRowInsert } from '../../platform/events/logged-by-statement.js';

/**
 * A provider's status applied to the message it names by its provider id, in one statement (every
 * send gets two or three: sent, delivered, read): the monotonic update ($4 'failed' only before
 * 'delivered', any other status only above the message's ack, $5), its `message.updated` event row,
 * and the message and its ticket's view for the push. No row: not such a message, or stale.
 */
const APPLY_STATUS: FixedStatement = {
  name: 'provider_status_apply',
  text: `with m as (
    update messages set status = $4::text,
      ack = case when $4::text = 'failed' then messages.ack else $5::int end,
      error = $6::text, updated_at = now()
    where messages.tenant_id = $1 and messages.channel_id = $2 and messages.external_id = $3
      and messages.ack < $5::int and ($4::text <> 'failed' or messages.status <> 'failed')
    returning messages.*),
  ev as (${eventPerRowInsert(
    'm',
    'message.updated',
    { ticketId: 'm.ticket_id', messageId: 'm.id', delivery: "jsonb_build_object('ack', m.ack, 'status', m.status)" },
    'm.ticket_id is not null',
  )})
  select to_jsonb(m) as "message", (select id::text from ev) as "eventId", stored.*
  from m left join lateral (
    select ${TICKET_VIEW_SELECT} from tickets t ${TICKET_VIEW_JOINS} where t.id = m.ticket_id
  ) as stored on true`,
};

export interface AppliedStatus {
  message: MessageRow;
  /** Null for a message without a ticket (a blocked contact's): no event. */
  eventId: string | null;
  view: TicketView | null;
}

export async function applyStatusByExternalId(
  db: Db,
  input: { tenantId: number; channelId: number; externalId: string; status: string; ack: number; error: string | null },
): Promise<AppliedStatus | undefined> {
  const [row] = await queryFixed<{ message: unknown; eventId: string | null; ticket: unknown }>(db, APPLY_STATUS, [
    input.tenantId,
    input.channelId,
    input.externalId,
    input.status,
    input.ack,
    input.error,
  ]);
  if (!row) return undefined;
  return {
    message: messageOfJson(row.message),
    eventId: row.eventId ?? null,
    view: row.ticket === null || row.ticket === undefined ? null : ticketViewOf(row),
  };
}
