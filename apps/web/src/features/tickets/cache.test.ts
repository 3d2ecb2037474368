import type { Queue, Ticket } from '@conversa/shared';
import { notifications } from '@mantine/notifications';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNavigator } from '../../lib/navigation';
import { testQueryClient } from '../../test/render';
import { queueKeys } from '../queues/api';
import { applyContactToTickets, applySendAnswerToCache, flattenMessages, flattenTickets } from './cache';
import { messageKeys, ticketKeys, type MessagePage, type TicketListFilters, type TicketPage, type TicketTab } from './keys';
import { applyMessageEvent, applyTicketEvent } from './ticket-events';
import { signInAs } from '../../test/session';
import { buildMessage, buildTicket, later } from './test-support';

/**
 * The ticket cache as the socket events patch it (SocketProvider hands every ticket and message
 * event to applyTicketEvent / applyMessageEvent): a real QueryClient holding the lists the inbox
 * shows, with the filters of their query keys.
 */

const ME = 7;
const PEER = 8;
/** In no queue. */
const ADMIN = 9;
const MY_QUEUE = 1;
const OTHER_QUEUE = 2;
const QUEUES: Queue[] = [
  { id: MY_QUEUE, name: 'Suporte', color: '#228be6', greetingMessage: null, userIds: [ME, PEER] },
  { id: OTHER_QUEUE, name: 'Financeiro', color: '#fa5252', greetingMessage: null, userIds: [] },
];

let qc: QueryClient;
const navigate = vi.fn();

const filtersOf = (status: TicketTab, overrides: Partial<TicketListFilters> = {}): TicketListFilters => ({
  status,
  searchParam: '',
  showAll: false,
  queuesIds: [],
  withUnreadMessages: false,
  ...overrides,
});

/** A loaded list (one page, as GET /tickets answered). */
function seedList(filters: TicketListFilters, tickets: Ticket[], count = tickets.length, hasMore = false): void {
  qc.setQueryData<InfiniteData<TicketPage>>(ticketKeys.list(filters), { pages: [{ tickets, count, hasMore }], pageParams: [1] });
}

function listed(filters: TicketListFilters): { ids: number[]; count: number | undefined } {
  const data = qc.getQueryData<InfiniteData<TicketPage>>(ticketKeys.list(filters));
  return { ids: flattenTickets(data).map((t) => t.id), count: data?.pages[0]?.count };
}

const update = (ticket: Ticket, onScreen: number | null = null) => applyTicketEvent(qc, { action: 'update', ticket }, onScreen);

beforeEach(() => {
  qc = testQueryClient();
  qc.setQueryData(queueKeys.all, QUEUES);
  registerNavigator(navigate);
});
afterEach(() => {
  navigate.mockReset();
  qc.clear();
});

describe('ticket events move tickets between the status lists', () => {
  it('an accepted ticket leaves "Aguardando" and enters "Atendendo" at its place (newest first); the counts follow', () => {
    signInAs('user', { userId: ME, queues: [{ id: MY_QUEUE, name: 'Suporte' }] });
    const waiting = buildTicket({ id: 1, status: 'pending' });
    const otherWaiting = buildTicket({ id: 2, status: 'pending' });
    const attending = [buildTicket({ id: 3, status: 'open', userId: ME, updatedAt: later(waiting, 30).updatedAt })];
    seedList(filtersOf('pending'), [otherWaiting, waiting]);
    seedList(filtersOf('open'), attending);

    update(later(waiting, 60, { status: 'open', userId: ME, username: 'Eu' }));

    expect(listed(filtersOf('pending'))).toEqual({ ids: [2], count: 1 });
    expect(listed(filtersOf('open'))).toEqual({ ids: [1, 3], count: 2 });
    expect(qc.getQueryData<Ticket>(ticketKeys.detail(1))).toMatchObject({ status: 'open', userId: ME });
  });

  it('resolved, it moves to "Resolvidos"; reopened, back to "Atendendo"; the same event twice changes nothing more', () => {
    signInAs('user', { userId: ME, queues: [{ id: MY_QUEUE, name: 'Suporte' }] });
    const ticket = buildTicket({ id: 5, status: 'open', userId: ME });
    seedList(filtersOf('open'), [ticket]);
    seedList(filtersOf('closed'), [buildTicket({ id: 6, status: 'closed' })]);

    const closed = later(ticket, 10, { status: 'closed' });
    update(closed);
    update(closed);
    expect(listed(filtersOf('open'))).toEqual({ ids: [], count: 0 });
    expect(listed(filtersOf('closed'))).toEqual({ ids: [5, 6], count: 2 });

    update(later(ticket, 20, { status: 'open' }));
    expect(listed(filtersOf('closed'))).toEqual({ ids: [6], count: 1 });
    expect(listed(filtersOf('open'))).toEqual({ ids: [5], count: 1 });
  });

  it('an older state arriving late does not overwrite the chat’s newer one', () => {
    signInAs('user', { userId: ME, queues: [{ id: MY_QUEUE, name: 'Suporte' }] });
    const ticket = buildTicket({ id: 9, status: 'pending' });
    update(later(ticket, 20, { status: 'open', userId: ME }));
    update(later(ticket, 10, { status: 'pending' }));
    expect(qc.getQueryData<Ticket>(ticketKeys.detail(9))).toMatchObject({ status: 'open', userId: ME });
  });

  it('a ticket past the loaded pages of a longer list waits for its page (only the count grows)', () => {
    signInAs('user', { userId: ME, queues: [{ id: MY_QUEUE, name: 'Suporte' }] });
    const newest = buildTicket({ id: 20, status: 'pending', updatedAt: later(buildTicket(), 50).updatedAt });
    seedList(filtersOf('pending'), [newest], 41, true);
    update(buildTicket({ id: 21, status: 'pending' })); // older than the loaded one
    expect(listed(filtersOf('pending'))).toEqual({ ids: [20], count: 42 });
  });

  it('a deleted ticket leaves every list and its count; its chat closes when on screen', () => {
    signInAs('user', { userId: ME, queues: [{ id: MY_QUEUE, name: 'Suporte' }] });
    seedList(filtersOf('pending'), [buildTicket({ id: 30 }), buildTicket({ id: 31 })]);
    applyTicketEvent(qc, { action: 'delete', ticketId: 30 }, 30);
    expect(listed(filtersOf('pending'))).toEqual({ ids: [31], count: 1 });
    expect(navigate).toHaveBeenCalledWith('/atendimento/chats', { replace: true });
    applyTicketEvent(qc, { action: 'delete', ticket: { id: 31 } }, null);
    expect(listed(filtersOf('pending'))).toEqual({ ids: [], count: 0 });
    expect(navigate).toHaveBeenCalledTimes(1);
  });
});

describe('ticket events respect the list filters', () => {
  it('a list of some queues takes only their tickets', () => {
    signInAs('admin', { userId: ADMIN });
    const onlyOther = filtersOf('pending', { showAll: true, queuesIds: [OTHER_QUEUE] });
    seedList(onlyOther, []);
    update(buildTicket({ id: 40, queueId: MY_QUEUE }));
    update(buildTicket({ id: 41, queueId: OTHER_QUEUE }));
    update(buildTicket({ id: 42, queueId: null }));
    expect(listed(onlyOther)).toEqual({ ids: [41], count: 1 });
  });

  it('"only unread" takes a ticket with unread messages, keeps one listed after it is read, never takes a read one', () => {
    signInAs('user', { userId: ME, queues: [{ id: MY_QUEUE, name: 'Suporte' }] });
    const unreadOnly = filtersOf('pending', { withUnreadMessages: true });
    seedList(unreadOnly, []);
    const ticket = buildTicket({ id: 50, unreadMessages: 2 });
    update(ticket);
    update(buildTicket({ id: 51, unreadMessages: 0 }));
    expect(listed(unreadOnly).ids).toEqual([50]);
    update(later(ticket, 5, { unreadMessages: 0 }));
    expect(listed(unreadOnly)).toEqual({ ids: [50], count: 1 });
  });

  it('a search list takes only tickets matching by name, number, last message or id', () => {
    signInAs('user', { userId: ME, queues: [{ id: MY_QUEUE, name: 'Suporte' }] });
    const search = filtersOf('pending', { searchParam: 'maria' });
    seedList(search, []);
    update(
      buildTicket({
        id: 60,
        contact: { id: 1, name: 'Maria Souza', number: '5511911112222', email: null, profilePicUrl: null, blocked: false },
      }),
    );
    update(buildTicket({ id: 61, lastMessage: 'falar com a Maria' }));
    update(buildTicket({ id: 62, lastMessage: 'nada a ver' }));
    expect(listed(search).ids.sort()).toEqual([60, 61]);
    const byNumber = filtersOf('pending', { searchParam: '91111-2222' });
    seedList(byNumber, []);
    update(
      later(
        buildTicket({
          id: 60,
          contact: { id: 1, name: 'Maria Souza', number: '5511911112222', email: null, profilePicUrl: null, blocked: false },
        }),
        3,
      ),
    );
    expect(listed(byNumber).ids).toEqual([60]);
  });
});

describe('ticket events and the tag filter (tagFiltro)', () => {
  it('a list filtered by tags takes a ticket given one of them, drops it when untagged, and follows a chip change in place', () => {
    signInAs('user', { userId: ME, queues: [{ id: MY_QUEUE, name: 'Suporte' }] });
    const vip = { id: 4, name: 'VIP', color: '#fab005' };
    const tagged = filtersOf('open', { tagIds: [4, 6] });
    const ticket = buildTicket({ id: 30, status: 'open', userId: ME });
    seedList(tagged, []);
    seedList(filtersOf('open'), [ticket]);

    update(later(ticket, 5, { tags: [vip] }));
    expect(listed(tagged)).toEqual({ ids: [30], count: 1 });
    // The same updatedAt (a tag change does not move the ticket in the lists): the new tags still apply.
    update(later(ticket, 5, { tags: [{ ...vip, name: 'Cliente VIP' }] }));
    expect(flattenTickets(qc.getQueryData<InfiniteData<TicketPage>>(ticketKeys.list(filtersOf('open'))))[0]?.tags).toEqual([
      { ...vip, name: 'Cliente VIP' },
    ]);
    update(later(ticket, 5, { tags: [] }));
    expect(listed(tagged)).toEqual({ ids: [], count: 0 });
    expect(listed(filtersOf('open'))).toEqual({ ids: [30], count: 1 });
  });

  it('a list filtered by kanban lanes takes a ticket moved into one of them and drops it when it leaves', () => {
    signInAs('user', { userId: ME, queues: [{ id: MY_QUEUE, name: 'Suporte' }] });
    const inLanes = filtersOf('open', { laneIds: [2, 3] });
    const ticket = buildTicket({ id: 31, status: 'open', userId: ME });
    seedList(inLanes, []);
    seedList(filtersOf('open'), [ticket]);

    update(later(ticket, 5, { kanban: { id: 3, name: 'Negociação' } }));
    expect(listed(inLanes)).toEqual({ ids: [31], count: 1 });
    update(later(ticket, 6, { kanban: { id: 9, name: 'Fechado' } }));
    expect(listed(inLanes)).toEqual({ ids: [], count: 0 });
    update(later(ticket, 7, { kanban: null }));
    expect(listed(inLanes)).toEqual({ ids: [], count: 0 });
    expect(listed(filtersOf('open'))).toEqual({ ids: [31], count: 1 });
  });
});

describe('what the viewer may see', () => {
  it("a plain agent's lists drop a ticket moved to a queue the agent is not in, keep its own, take one that enters its queue", () => {
    signInAs('user', { userId: ME, queues: [{ id: MY_QUEUE, name: 'Suporte' }] });
    const waiting = buildTicket({ id: 70, queueId: MY_QUEUE });
    const mine = buildTicket({ id: 71, queueId: MY_QUEUE, status: 'open', userId: ME });
    seedList(filtersOf('pending'), [waiting]);
    seedList(filtersOf('open'), [mine]);

    update(later(waiting, 5, { queueId: OTHER_QUEUE }));
    update(later(mine, 5, { queueId: OTHER_QUEUE }));
    expect(listed(filtersOf('pending'))).toEqual({ ids: [], count: 0 });
    expect(listed(filtersOf('open'))).toEqual({ ids: [71], count: 1 });

    update(later(waiting, 9, { queueId: MY_QUEUE }));
    expect(listed(filtersOf('pending'))).toEqual({ ids: [70], count: 1 });
  });

  it('an admin in no queue sees every queue with show-all (the default), and its own scope when narrowed', () => {
    signInAs('admin', { userId: ADMIN });
    const all = filtersOf('pending', { showAll: true });
    const narrowed = filtersOf('pending', { showAll: false });
    seedList(all, []);
    seedList(narrowed, []);
    update(buildTicket({ id: 80, queueId: MY_QUEUE }));
    update(buildTicket({ id: 81, queueId: null }));
    expect(listed(all).ids.sort()).toEqual([80, 81]);
    expect(listed(narrowed).ids).toEqual([81]);
  });

  it('a ticket on screen that leaves the agent’s view: told which one and where, and the chat closes', () => {
    signInAs('user', { userId: ME, queues: [{ id: MY_QUEUE, name: 'Suporte' }] });
    const show = vi.spyOn(notifications, 'show');
    const ticket = buildTicket({
      id: 90,
      status: 'open',
      userId: ME,
      contact: { id: 3, name: 'Bruno Boleto', number: null, email: null, profilePicUrl: null, blocked: false },
    });
    qc.setQueryData(ticketKeys.detail(90), ticket);
    seedList(filtersOf('open'), [ticket]);

    update(later(ticket, 5, { status: 'pending', userId: null, username: null, queueId: OTHER_QUEUE }), 90);

    expect(show).toHaveBeenCalledTimes(1);
    expect(show.mock.calls[0]?.[0]).toMatchObject({ id: 'ticket-left-90', title: 'Atendimento transferido' });
    expect(show.mock.calls[0]?.[0].message).toBe('Bruno Boleto (#90) foi para a fila Financeiro e saiu da sua lista.');
    expect(navigate).toHaveBeenCalledWith('/atendimento/chats', { replace: true });
    expect(listed(filtersOf('open'))).toEqual({ ids: [], count: 0 });
    // Opening it again asks the server (which now refuses), instead of showing what was cached,
    // also when the same change arrives again (the action's answer and the socket's push).
    expect(qc.getQueryData(ticketKeys.detail(90))).toBeUndefined();
    update(later(ticket, 5, { status: 'pending', userId: null, username: null, queueId: OTHER_QUEUE }), null);
    expect(qc.getQueryData(ticketKeys.detail(90))).toBeUndefined();
    expect(show).toHaveBeenCalledTimes(1);
  });

  it('its own ticket taken elsewhere while another chat is open: told, the open chat stays; a waiting ticket of the queue moving on is not news', () => {
    signInAs('user', { userId: ME, queues: [{ id: MY_QUEUE, name: 'Suporte' }] });
    const show = vi.spyOn(notifications, 'show');
    const mine = buildTicket({ id: 91, status: 'open', userId: ME });
    const waiting = buildTicket({ id: 92, status: 'pending' });
    seedList(filtersOf('open'), [mine]);
    seedList(filtersOf('pending'), [waiting]);

    update(later(waiting, 5, { queueId: OTHER_QUEUE }), 1);
    expect(show).not.toHaveBeenCalled();
    update(later(mine, 5, { queueId: OTHER_QUEUE, userId: PEER, username: 'Paula', status: 'pending' }), 1);
    expect(show).toHaveBeenCalledTimes(1);
    expect(show.mock.calls[0]?.[0].message).toBe('Cliente 91 (#91) foi para a fila Financeiro, com Paula e saiu da sua lista.');
    expect(navigate).not.toHaveBeenCalled();
    expect(listed(filtersOf('pending'))).toEqual({ ids: [], count: 0 });
  });

  it('an admin never loses a ticket to a transfer', () => {
    signInAs('admin', { userId: ADMIN });
    const show = vi.spyOn(notifications, 'show');
    const ticket = buildTicket({ id: 93, status: 'open', userId: ADMIN });
    qc.setQueryData(ticketKeys.detail(93), ticket);
    update(later(ticket, 5, { queueId: OTHER_QUEUE, userId: null, status: 'pending' }), 93);
    expect(show).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('message events', () => {
  const messagesOf = (ticketId: number) => flattenMessages(qc.getQueryData<InfiniteData<MessagePage>>(messageKeys.ticket(ticketId)));

  it('add each message once, in time order, replace an updated one in place, and move the ticket in the lists', () => {
    signInAs('user', { userId: ME, queues: [{ id: MY_QUEUE, name: 'Suporte' }] });
    const ticket = buildTicket({ id: 100, status: 'open', userId: ME });
    const other = buildTicket({ id: 101, status: 'open', userId: ME, updatedAt: later(ticket, 30).updatedAt });
    seedList(filtersOf('open'), [other, ticket]);
    const first = buildMessage(100, 1);
    // Two pages loaded (newest first in each), overlapping by one message after new ones shifted them.
    const older = buildMessage(100, 0);
    qc.setQueryData<InfiniteData<MessagePage>>(messageKeys.ticket(100), {
      pages: [
        { messages: [first, older], messagesOffLine: [], hasMore: true },
        { messages: [older], messagesOffLine: [], hasMore: false },
      ],
      pageParams: [1, 2],
    });

    const reply = buildMessage(100, 40, { fromMe: true, status: 'pending', userId: ME, body: 'Claro!' });
    const withTicket = later(ticket, 40, { lastMessage: 'Claro!', lastMessageAt: reply.timestamp });
    applyMessageEvent(qc, { action: 'create', message: reply, ticket: withTicket });
    applyMessageEvent(qc, { action: 'create', message: reply, ticket: withTicket });
    const customer = buildMessage(100, 41, { body: 'Obrigado' });
    applyMessageEvent(qc, { action: 'create', message: customer, ticket: later(withTicket, 41, { unreadMessages: 1 }) });
    applyMessageEvent(qc, { action: 'update', message: { ...reply, status: 'delivered', ack: 2 }, ticket: later(withTicket, 42) });

    expect(messagesOf(100).map((m) => [m.body, m.status])).toEqual([
      ['mensagem 0', 'received'],
      ['mensagem 1', 'received'],
      ['Claro!', 'delivered'],
      ['Obrigado', 'received'],
    ]);
    // The ticket with the new message goes to the top of its list; nothing is listed twice.
    expect(listed(filtersOf('open'))).toEqual({ ids: [100, 101], count: 2 });
  });

  it("a send's HTTP answer arriving after the socket's later state does not set the message back to pending", () => {
    signInAs('user', { userId: ME, queues: [{ id: MY_QUEUE, name: 'Suporte' }] });
    const ticket = buildTicket({ id: 120, status: 'open', userId: ME });
    seedList(filtersOf('open'), [ticket]);
    qc.setQueryData<InfiniteData<MessagePage>>(messageKeys.ticket(120), {
      pages: [{ messages: [], messagesOffLine: [], hasMore: false }],
      pageParams: [1],
    });
    const reply = buildMessage(120, 10, { fromMe: true, status: 'pending', userId: ME, body: 'Olá!' });
    // The send job ran before the POST's answer came back: the socket brought the message, then 'sent'.
    applyMessageEvent(qc, { action: 'create', message: reply, ticket: later(ticket, 10) });
    applyMessageEvent(qc, { action: 'update', message: { ...reply, status: 'sent', ack: 1 }, ticket: later(ticket, 11) });
    applySendAnswerToCache(qc, reply);
    expect(messagesOf(120).map((m) => [m.body, m.status])).toEqual([['Olá!', 'sent']]);

    // A resend's answer (pending) does replace the unconfirmed state it ends.
    const unsure = buildMessage(120, 20, { fromMe: true, status: 'unconfirmed', userId: ME, body: 'Pedido 123' });
    applyMessageEvent(qc, { action: 'create', message: unsure, ticket: later(ticket, 20) });
    applySendAnswerToCache(qc, { ...unsure, status: 'pending' });
    // And an answer for a message the socket has not brought yet is added.
    const fresh = buildMessage(120, 30, { fromMe: true, status: 'pending', userId: ME, body: 'Mais alguma coisa?' });
    applySendAnswerToCache(qc, fresh);
    expect(messagesOf(120).map((m) => [m.body, m.status])).toEqual([
      ['Olá!', 'sent'],
      ['Pedido 123', 'pending'],
      ['Mais alguma coisa?', 'pending'],
    ]);
  });

  it('a message of a chat never opened is not cached (its first load brings it); its ticket still moves', () => {
    signInAs('user', { userId: ME, queues: [{ id: MY_QUEUE, name: 'Suporte' }] });
    seedList(filtersOf('pending'), []);
    const ticket = buildTicket({ id: 110, unreadMessages: 1 });
    applyMessageEvent(qc, { action: 'create', message: buildMessage(110, 1), ticket });
    expect(qc.getQueryData(messageKeys.ticket(110))).toBeUndefined();
    expect(listed(filtersOf('pending'))).toEqual({ ids: [110], count: 1 });
  });
});

describe('contact events', () => {
  it("a contact's new name shows on its tickets in the lists and in the chat", () => {
    signInAs('user', { userId: ME, queues: [{ id: MY_QUEUE, name: 'Suporte' }] });
    const ticket = buildTicket({ id: 120 });
    seedList(filtersOf('pending'), [ticket]);
    qc.setQueryData(ticketKeys.detail(120), ticket);
    applyContactToTickets(qc, { ...ticket.contact, name: 'Nome Novo' });
    expect(qc.getQueryData<InfiniteData<TicketPage>>(ticketKeys.list(filtersOf('pending')))?.pages[0]?.tickets[0]).toMatchObject({
      name: 'Nome Novo',
      contact: { name: 'Nome Novo' },
    });
    expect(qc.getQueryData<Ticket>(ticketKeys.detail(120))?.contact.name).toBe('Nome Novo');
  });
});
