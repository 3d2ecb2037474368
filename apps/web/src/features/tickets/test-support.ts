import type { Message, Ticket } from '@conversa/shared';
import { afterAll, beforeAll } from 'vitest';

/** Fixtures for the inbox's component tests (the HTTP stand-in is test/fetch.ts). */

let sequence = 0;
const at = (seconds: number) => new Date(Date.UTC(2026, 0, 5, 12, 0, seconds)).toISOString();

export function buildTicket(overrides: Partial<Ticket> = {}): Ticket {
  const id = overrides.id ?? ++sequence + 100;
  const name = overrides.contact?.name ?? overrides.name ?? `Cliente ${id}`;
  return {
    id,
    status: 'pending',
    name,
    contactId: id + 1000,
    contact: { id: id + 1000, name, number: `55119${String(id).padStart(8, '0')}`, email: null, profilePicUrl: null, blocked: false },
    userId: null,
    username: null,
    queueId: 1,
    whatsappId: 1,
    channel: 'webchat',
    chatFlowId: null,
    isGroup: false,
    unreadMessages: 0,
    answered: false,
    lastMessage: 'Olá',
    lastMessageAt: at(0),
    profilePicUrl: null,
    integrationStatuses: {},
    kanban: null,
    value: null,
    rating: null,
    tags: [],
    demand: null,
    protocol: null,
    createdAt: at(0),
    updatedAt: at(0),
    ...overrides,
  };
}

/** A later updatedAt, as the server stamps a change. */
export const later = (ticket: Ticket, seconds: number, changes: Partial<Ticket> = {}): Ticket => ({
  ...ticket,
  updatedAt: at(seconds),
  ...changes,
});

export function buildMessage(ticketId: number, seconds: number, overrides: Partial<Message> = {}): Message {
  return {
    id: `00000000-0000-4000-8000-${String(++sequence).padStart(12, '0')}`,
    messageId: null,
    ticketId,
    contactId: 1,
    fromMe: false,
    body: `mensagem ${seconds}`,
    mediaType: null,
    mediaName: null,
    mediaUrl: null,
    status: 'received',
    ack: 0,
    edited: false,
    deleted: false,
    quotedMsg: null,
    userId: null,
    senderName: null,
    clientId: null,
    transcript: null,
    transcriptStatus: null,
    timestamp: at(seconds),
    createdAt: at(seconds),
    ...overrides,
  };
}

/** A page of the ticket list as GET /tickets answers it. */
export const ticketPage = (tickets: Ticket[]) => ({ tickets, count: tickets.length, hasMore: false });

/** jsdom lays nothing out: the virtualised ticket lists need a height to render their rows (call at a test file's top). */
export function layOutLists(height = 600): void {
  const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => height });
  });
  afterAll(() => {
    if (original) Object.defineProperty(HTMLElement.prototype, 'clientHeight', original);
  });
}
