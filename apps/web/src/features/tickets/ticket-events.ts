import type { Message, Queue, Ticket } from '@conversa/shared';
import type { QueryClient } from '@tanstack/react-query';
import { chatPath, PATHS } from '../../app/paths';
import { showDesktopNotification } from '../../lib/desktop-notifications';
import { playBeep } from '../../lib/sound';
import { TICKET_LEFT_TOAST_MS } from '../../lib/constants';
import i18n from '../../lib/i18n';
import { navigateTo } from '../../lib/navigation';
import { notifications } from '@mantine/notifications';
import { queueKeys } from '../queues/api';
import {
  applyTicketToCache,
  cachedTicket,
  currentViewer,
  forgetTicket,
  removeTicketFromCache,
  upsertMessageInCache,
  viewerMaySee,
} from './cache';

/** The socket's ticket event (SPEC §4 "ticket update/create"). */
export type TicketEvent =
  | { action: 'create' | 'update'; ticket: Ticket; hidden?: boolean; transfer?: TicketTransfer }
  | { action: 'delete'; ticket?: Pick<Ticket, 'id'>; ticketId?: number; hidden?: undefined };

/** A ticket event's transfer to a user: who did it (null: an automation) and who got it. */
export interface TicketTransfer {
  byUserId: number | null;
  toUserId: number;
}

/** The socket's message event: the message and its ticket as they are now. */
export interface MessageEvent {
  action: 'create' | 'update';
  message: Message;
  ticket: Ticket;
}

/** Where a ticket went, in words: "a fila Financeiro", "Bruno", "a fila Financeiro, com Bruno". */
function destinationOf(qc: QueryClient, ticket: Ticket): string {
  const queue = ticket.queueId !== null ? qc.getQueryData<Queue[]>(queueKeys.all)?.find((q) => q.id === ticket.queueId) : undefined;
  const queueName = queue?.name ?? (ticket.queueId !== null ? i18n.t('tickets.left.otherQueue') : null);
  if (queueName && ticket.username) return i18n.t('tickets.left.queueAndUser', { queue: queueName, user: ticket.username });
  if (queueName) return i18n.t('tickets.left.queue', { queue: queueName });
  return ticket.username ?? i18n.t('tickets.left.otherQueue');
}

/**
 * The ticket left the user's view (transferred to a queue they are not in): they are told which
 * one and where it went, and its chat, if on screen, closes.
 */
export function ticketLeftView(qc: QueryClient, ticket: Ticket, onScreen: boolean): void {
  notifications.show({
    id: `ticket-left-${ticket.id}`,
    title: i18n.t('tickets.left.title'),
    message: i18n.t('tickets.left.message', { name: ticket.contact.name, id: ticket.id, destination: destinationOf(qc, ticket) }),
    color: 'blue',
    autoClose: TICKET_LEFT_TOAST_MS,
    'data-testid': 'toast-ticket-left',
  });
  if (onScreen) navigateTo(PATHS.atendimentoChats, { replace: true });
  forgetTicket(qc, ticket.id);
}

/**
 * A ticket transferred to the user (by someone else): a toast says which and from whom (the
 * contact), with the way to it; a hidden tab also gets the desktop notification, when allowed.
 */
export function ticketTransferredToMe(ticket: Ticket): void {
  const title = i18n.t('tickets.transferredToYou.title');
  const message = i18n.t('tickets.transferredToYou.message', { id: ticket.id, name: ticket.contact.name });
  const open = () => navigateTo(chatPath(ticket.id));
  notifications.show({
    id: `ticket-transferred-${ticket.id}`,
    title,
    message,
    color: 'teal',
    autoClose: TICKET_LEFT_TOAST_MS,
    onClick: open,
    style: { cursor: 'pointer' },
    'data-testid': 'toast-ticket-transferred',
  });
  playBeep();
  if (document.visibilityState !== 'visible') showDesktopNotification(title, message, `ticket-transferred-${ticket.id}`, open);
}

/** Whether this change took a ticket the viewer could see out of their view. */
export function leftView(qc: QueryClient, before: Ticket | undefined, after: Ticket): boolean {
  const viewer = currentViewer(qc);
  return before !== undefined && viewerMaySee(before, viewer) && !viewerMaySee(after, viewer);
}

/**
 * A ticket event from the socket: the cache follows it; a ticket that left the user's view is told
 * about when it was theirs or on screen (a waiting ticket of their queue moving on is not news).
 */
export function applyTicketEvent(qc: QueryClient, event: TicketEvent, onScreenId: number | null): void {
  if (event.action === 'delete') {
    const id = event.ticket?.id ?? event.ticketId;
    if (id === undefined) return;
    removeTicketFromCache(qc, id);
    if (id === onScreenId) navigateTo(PATHS.atendimentoChats, { replace: true });
    return;
  }
  const { ticket } = event;
  const before = cachedTicket(qc, ticket.id);
  const viewer = currentViewer(qc);
  if (event.hidden) {
    // The server says the change took it out of this user's view (whatever rule: a queue, a
    // setting, a wallet): it leaves every list, board and chat at once.
    if (ticket.id === onScreenId || before?.userId === viewer?.userId) ticketLeftView(qc, ticket, ticket.id === onScreenId);
    removeTicketFromCache(qc, ticket.id);
    return;
  }
  applyTicketToCache(qc, ticket);
  const me = viewer?.userId ?? null;
  if (event.transfer && me !== null && event.transfer.toUserId === me && event.transfer.byUserId !== me && ticket.userId === me)
    ticketTransferredToMe(ticket);
  if (leftView(qc, before, ticket) && (ticket.id === onScreenId || before?.userId === viewer?.userId)) {
    ticketLeftView(qc, ticket, ticket.id === onScreenId);
  }
}

/** A message event: the chat gets the message (once, in order), the lists the ticket's new state. */
export function applyMessageEvent(qc: QueryClient, event: MessageEvent): void {
  upsertMessageInCache(qc, event.message);
  applyTicketToCache(qc, event.ticket);
}
