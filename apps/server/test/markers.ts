import { randomInt, randomUUID } from 'node:crypto';
import { SOCKET_EVENTS } from '@conversa/shared';
import pino, { type Logger } from 'pino';
import { expect } from 'vitest';
import { Api } from './api.js';
import type { AgentSocket } from './inbox.js';

/**
 * Positive markers for "nothing happened" assertions on agent sockets. Socket.IO delivers a
 * connection's packets in the order the server emitted them, so once a push emitted later has
 * reached a socket, anything emitted to that socket before it has arrived too: the test waits for
 * the marker instead of sleeping, and a slow machine cannot hide a push that should not be there.
 *
 * The marker is a contact created through the API by a user of the sockets' tenant: the pusher sends
 * it to the tenant's room, which every agent socket of the tenant joins (on every node, through the
 * same adapter as the other pushes). Emit the marker only after the push under test was emitted (a
 * legitimate recipient received it): pushes of different events are not ordered among themselves.
 */

export type ReceivedEvent = AgentSocket['events'][number];

const MARKER_NAME = 'Marcador de teste';

const isMarker = (e: ReceivedEvent) => e.event === SOCKET_EVENTS.contact && String(e.payload?.contact?.name).startsWith(MARKER_NAME);
/** Presence changes come whenever any socket of the tenant connects or leaves: not what these assertions are about. */
const isPresence = (e: ReceivedEvent) => e.event === SOCKET_EVENTS.userStatus;

/**
 * Pushes a marker to the tenant of `token` (through the server at `url`) and resolves, once every
 * socket received it, with what each socket received before it (earlier markers and presence aside).
 */
export async function eventsBeforeMarker(url: string, token: string, sockets: AgentSocket[]): Promise<ReceivedEvent[][]> {
  const name = `${MARKER_NAME} ${randomUUID()}`;
  const created = await new Api(url).post('/contacts', { name, number: `55119${randomInt(10_000_000, 99_999_999)}` }, { token });
  if (created.status !== 201) throw new Error(`the marker contact was refused: ${created.status} ${JSON.stringify(created.body)}`);
  const isThisMarker = (e: ReceivedEvent) => e.event === SOCKET_EVENTS.contact && e.payload?.contact?.name === name;
  return Promise.all(
    sockets.map(async (socket) => {
      await socket.waitFor(SOCKET_EVENTS.contact, (payload) => payload?.contact?.name === name, 10_000);
      const at = socket.events.findIndex(isThisMarker);
      return socket.events.slice(0, at).filter((e) => !isMarker(e) && !isPresence(e));
    }),
  );
}

/** Asserts that nothing (earlier markers and presence aside) reached these sockets, by name, before a marker pushed now. */
export async function expectNothingBefore(url: string, token: string, sockets: Record<string, AgentSocket>): Promise<void> {
  const names = Object.keys(sockets);
  const before = await eventsBeforeMarker(url, token, Object.values(sockets));
  before.forEach((events, i) => expect(events, `what ${names[i]} received`).toEqual([]));
}

/**
 * A request and its answer on the socket itself (joinTicket of no ticket, refused at once): anything
 * the server sent this socket before answering, a disconnection included, has reached it by then.
 */
export async function roundTrip(socket: AgentSocket): Promise<void> {
  const { socket: io } = socket;
  if (!io.connected) throw new Error('the socket is disconnected');
  let onDisconnect: ((reason: string) => void) | undefined;
  const disconnected = new Promise<never>((_, reject) => {
    onDisconnect = (reason) => reject(new Error(`the socket was disconnected (${reason}) before the round trip's answer`));
    io.once('disconnect', onDisconnect);
  });
  try {
    const answer = await Promise.race([io.timeout(5_000).emitWithAck(SOCKET_EVENTS.joinTicket, 0), disconnected]);
    if (answer?.ok !== false) throw new Error(`unexpected answer to the round trip: ${JSON.stringify(answer)}`);
  } finally {
    io.off('disconnect', onDisconnect);
  }
}

/**
 * A server logger that keeps its lines in memory: a log line the code writes when it takes a branch
 * (e.g. "logged out; not reconnecting") is the positive marker that the other branch was not taken.
 */
export function recordingLogger(): {
  logger: Logger;
  lines: Array<Record<string, unknown>>;
  waitForLine(msg: string, timeoutMs?: number): Promise<Record<string, unknown>>;
} {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  const waitForLine = async (msg: string, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = lines.find((line) => line.msg === msg);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no log line "${msg}" within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 10)); // polling for the line, not a wait for time to pass
    }
  };
  return { logger, lines, waitForLine };
}
