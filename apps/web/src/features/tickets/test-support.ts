import type { LoginResponse, Message, Profile, Ticket } from '@conversa/shared';
import { afterAll, beforeAll, vi } from 'vitest';
import { saveLogin } from '../../lib/session';

/** Fixtures and a stand-in for the HTTP API for the inbox's component tests. */

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
    value: null,
    rating: null,
    createdAt: at(0),
    updatedAt: at(0),
    ...overrides,
  };
}

/** A later updatedAt, as the server stamps a change. */
export const later = (ticket: Ticket, seconds: number, changes: Partial<Ticket> = {}): Ticket => ({ ...ticket, updatedAt: at(seconds), ...changes });

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
    timestamp: at(seconds),
    createdAt: at(seconds),
    ...overrides,
  };
}

/** Signs a user in (the stored session the app reads). */
export function signInAs(profile: Profile, userId: number, queues: { id: number; name: string }[] = []): void {
  const login: LoginResponse = {
    token: 'test-token',
    refreshToken: 'test-refresh',
    username: `Usuário ${userId}`,
    profile,
    userId,
    queues,
    blockWavoip: false,
    whatsappAllowed: true,
    tenantId: 2,
    email: `user${userId}@example.test`,
    configs: { filtrosAtendimento: null, isDark: false },
  };
  saveLogin(login);
}

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Handler = (call: ApiCall) => { status?: number; body: unknown } | undefined;

/**
 * Replaces fetch with handlers keyed by "METHOD /path" (the first whose key matches answers);
 * an unhandled call fails the test with 599. Every call is recorded.
 */
export function fakeApi(handlers: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input, 'http://app.test');
    const call: ApiCall = {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const key = Object.keys(handlers).find((k) => {
      const [method, pattern] = k.split(' ');
      return method === call.method && new RegExp(`^${pattern.replace(/:[a-z]+/gi, '[^/]+')}$`).test(call.path);
    });
    const answer = key ? handlers[key](call) : undefined;
    const status = answer ? (answer.status ?? 200) : 599;
    const body = answer ? answer.body : { error: 'ERR_TEST_UNHANDLED', message: `${call.method} ${call.path}` };
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls };
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
