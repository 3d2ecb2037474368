import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { queryPrepared } from '../../platform/db/prepared.js';
import { AppError } from '../../platform/http/app-error.js';
import { columnsOf, rowOfJson } from '../../platform/db/raw-rows.js';
import { messages } from '../../platform/db/schema.js';
import { TICKET_VIEW_JOINS, TICKET_VIEW_SELECT, ticketViewOf, type TicketView } from '../tickets/tickets.repository.js';
import type { MessageRow, NewMessage } from './messages.repository.js';

const MESSAGE_COLUMNS = columnsOf(messages);

/**
 * How an outgoing message changes its ticket: an agent's reply answers the customer and reads what
 * they wrote; an automated message (bot, greeting, absence…) is only the last message.
 */
function ticketChanges(change: 'reply' | 'automated', preview: string) {
  const common = sql`last_message = ${preview}, last_message_at = m.timestamp, updated_at = now()`;
  return change === 'reply' ? sql`${common}, unread_messages = 0, answered = true` : common;
}

/**
 * Stores an outgoing message and makes it its ticket's last message in one statement (the outbound
 * twin of inbound-append), answering the stored row and the ticket's view as the update left it, for
 * the push after the commit. Inside the caller's transaction.
 */
export async function appendOutbound(
  tx: Db,
  values: NewMessage,
  change: 'reply' | 'automated',
  preview: string,
): Promise<{ message: MessageRow; view: TicketView }> {
  const insert = tx
    .insert(messages)
    .values({ ...values, createdAt: sql`clock_timestamp()` })
    .returning();
  const [row] = await queryPrepared(
    tx,
    'outbound_append',
    sql`with m as (${insert.getSQL()}),
      t as (update tickets set ${ticketChanges(change, preview)} from m where tickets.tenant_id = m.tenant_id and tickets.id = m.ticket_id returning tickets.*)
      select to_jsonb(m) as "message", ${sql.raw(TICKET_VIEW_SELECT)} from m join t on t.id = m.ticket_id ${sql.raw(TICKET_VIEW_JOINS)}`,
  );
  // The ticket deleted meanwhile (the update found no row): the caller's request names a ticket that is gone.
  if (!row) throw new AppError('ERR_NO_TICKET_FOUND');
  return { message: rowOfJson<MessageRow>(MESSAGE_COLUMNS, row.message), view: ticketViewOf(row) };
}
