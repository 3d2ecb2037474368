import { CALL_AUDIO_FRAME_EVENT, SOCKET_EVENTS } from '@conversa/shared';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Socket } from 'socket.io';

/**
 * Limits on what one socket may ask of the server. Client events are few and human-paced (opening
 * a chat, going online): 30 events per 10 s is far above any real use. An event over the limit is
 * refused (its acknowledgement, if any, gets ERR_LIMIT_MAX, and the client hears `limit:exceeded`);
 * a socket that keeps sending at more than twice the limit is disconnected.
 */
export const SOCKET_EVENT_LIMIT = { points: 30, durationSeconds: 10 } as const;
export const SOCKET_ABUSE_FACTOR = 2;
/** Async handlers of one socket run one at a time; at most this many wait behind the running one. */
export const SOCKET_MAX_QUEUED_WORK = 8;

const limiter = new RateLimiterMemory({ points: SOCKET_EVENT_LIMIT.points, duration: SOCKET_EVENT_LIMIT.durationSeconds });

type Ack = (answer: unknown) => void;
const ackOf = (args: unknown[]): Ack | undefined => {
  const last = args[args.length - 1];
  return typeof last === 'function' ? (last as Ack) : undefined;
};

/**
 * Events with their own, higher bound: a call's audio frames (25 to 50 a second) are bounded in
 * size and rate by the calls module's relay, which drops and counts the excess.
 */
const SEPARATELY_BOUNDED_EVENTS = new Set<string>([CALL_AUDIO_FRAME_EVENT]);

/** Rate-limits every incoming event of the socket (runs before any handler). */
export function limitSocketEvents(socket: Socket): void {
  socket.use((packet, next) => {
    const [event, ...args] = packet as [string, ...unknown[]];
    if (SEPARATELY_BOUNDED_EVENTS.has(event)) return next();
    limiter.consume(socket.id).then(
      () => next(),
      (rejection: unknown) => {
        const consumed = rejection instanceof RateLimiterRes ? rejection.consumedPoints : Infinity;
        ackOf(args)?.({ ok: false, error: 'ERR_LIMIT_MAX' });
        if (consumed > SOCKET_EVENT_LIMIT.points * SOCKET_ABUSE_FACTOR) {
          socket.disconnect(true);
          return;
        }
        socket.emit(SOCKET_EVENTS.limited, { event, error: 'ERR_LIMIT_MAX' });
      },
    );
  });
  socket.on('disconnect', () => void limiter.delete(socket.id));
}

/**
 * Runs a socket's async work one task at a time, in arrival order (a join and a leave of a chat
 * never overtake each other), with a bounded backlog: past it, a task is refused, not queued.
 */
export class SocketWork {
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  run<T>(task: () => Promise<T>): Promise<T> {
    if (this.waiting >= SOCKET_MAX_QUEUED_WORK) return Promise.reject(new SocketBusyError());
    this.waiting++;
    const result = this.tail.then(() => {
      this.waiting--;
      return task();
    });
    this.tail = result.catch(() => undefined);
    return result;
  }
}

export class SocketBusyError extends Error {
  readonly code = 'ERR_LIMIT_MAX';
  constructor() {
    super('Too many requests in progress on this connection.');
  }
}
