import type { Message } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { clearTicketUnread } from '../../tickets/use-cases/clear-ticket-unread.js';
import { assertCanSeeTicket } from '../../tickets/use-cases/ticket-access.js';
import { presentMessage } from '../messages.presenter.js';
import { findMessagesByIds, listTicketMessages } from '../messages.repository.js';

export const MESSAGES_PAGE_SIZE = 50;

/**
 * A page of a ticket's messages, newest first; messagesOffLine holds the agent's replies that are
 * not out yet (pending or failed), so the composer can show them as such.
 */
export async function listMessages(
  ctx: AppContext,
  actor: Actor,
  ticketId: number,
  pageNumber: number,
): Promise<{ messages: Message[]; messagesOffLine: Message[]; hasMore: boolean }> {
  const ticket = await assertCanSeeTicket(ctx, actor, ticketId);
  // Reading a ticket (its latest page) sets its unread count to 0 (SPEC §4).
  if (pageNumber === 1 && ticket.unreadMessages > 0 && (await clearTicketUnread(ctx.db, actor.tenantId, ticketId))) {
    ctx.events.publish([{ type: 'ticket.changed', tenantId: actor.tenantId, ticketId, action: 'update' }]);
  }
  const rows = await listTicketMessages(ctx.db, actor.tenantId, ticketId, {
    limit: MESSAGES_PAGE_SIZE + 1,
    offset: (pageNumber - 1) * MESSAGES_PAGE_SIZE,
  });
  const page = rows.slice(0, MESSAGES_PAGE_SIZE);
  const quotedIds = [...new Set(page.map((m) => m.quotedMessageId).filter((id): id is string => Boolean(id)))];
  const quoted = new Map((await findMessagesByIds(ctx.db, actor.tenantId, quotedIds)).map((m) => [m.id, m]));
  const messages = page.map((m) => presentMessage(m, ctx.media, m.quotedMessageId ? quoted.get(m.quotedMessageId) : undefined));
  return {
    messages,
    messagesOffLine: messages.filter((m) => m.fromMe && !m.deleted && (m.status === 'pending' || m.status === 'failed')),
    hasMore: rows.length > MESSAGES_PAGE_SIZE,
  };
}
