import type { Server as HttpServer } from 'node:http';
import type { createClient } from 'redis';
import { Server, type Namespace, type Socket } from 'socket.io';
import type { Logger } from 'pino';
import { limitSocketEvents } from './socket-guard.js';

export interface SocketAuthenticator<T> {
  (socket: Socket): Promise<{ data: T; rooms: string[] }>;
}

/**
 * Socket.IO on the HTTP server. Namespaces authenticate at the handshake and join server-chosen
 * rooms; with REDIS_URL the Redis streams adapter shares events between nodes.
 */
export class Realtime {
  readonly io: Server;
  private redis?: ReturnType<typeof createClient>;
  private readonly namespaces: string[] = [];
  /** Set when close() starts: the disconnections it causes must not publish through a closing adapter. */
  private closing = false;
  private readonly fetches = new Set<Promise<void>>();

  constructor(
    httpServer: HttpServer,
    private readonly logger: Logger,
  ) {
    // No connection-state recovery: Socket.IO (4.8) restores a returning socket's rooms and writes
    // the packets it missed to the wire while building the socket, before any middleware has
    // re-checked the token, so a session revoked (or a queue left) during a short disconnection
    // would get back its old rooms and their message bodies. Both clients (web app and widget)
    // fetch what they missed over HTTP after a reconnection instead.
    this.io = new Server(httpServer, { serveClient: false, maxHttpBufferSize: 256 * 1024 });
  }

  async useRedis(url: string): Promise<void> {
    // Loaded only with REDIS_URL: a single node never needs the Redis client.
    const [{ createClient: connectRedis }, { createAdapter }] = await Promise.all([
      import('redis'),
      import('@socket.io/redis-streams-adapter'),
    ]);
    this.redis = connectRedis({ url });
    this.redis.on('error', (error) => this.logger.error({ err: error }, 'redis error'));
    await this.redis.connect();
    this.io.adapter(createAdapter(this.redis));
  }

  /** Registers a namespace whose sockets must pass `authenticate`; failures reach the client as connect_error(code). */
  namespace<T>(name: string, authenticate: SocketAuthenticator<T>, onConnection?: (socket: Socket, data: T) => void): Namespace {
    this.namespaces.push(name);
    const nsp = this.io.of(name);
    nsp.use((socket, next) => {
      authenticate(socket)
        .then(async ({ data, rooms }) => {
          socket.data = data;
          await socket.join(rooms);
          next();
        })
        .catch((error: unknown) => {
          const code = (error as { code?: string }).code ?? 'ERR_INVALID_TOKEN';
          const failure = new Error(code) as Error & { data?: unknown };
          failure.data = { error: code, message: (error as Error).message };
          next(failure);
        });
    });
    nsp.on('connection', (socket) => {
      limitSocketEvents(socket);
      onConnection?.(socket, socket.data as T);
    });
    return nsp;
  }

  emit(namespace: string, roomList: string[], event: string, payload: unknown): void {
    if (!this.reachable(namespace, roomList)) return;
    this.io.of(namespace).to(roomList).emit(event, payload);
  }

  /** An event to the sockets in `roomList` that are in none of `exceptRooms`. */
  emitExcept(namespace: string, roomList: string[], exceptRooms: string[], event: string, payload: unknown): void {
    if (!this.reachable(namespace, roomList)) return;
    this.io.of(namespace).to(roomList).except(exceptRooms).emit(event, payload);
  }

  /**
   * Whether an emit to these rooms can reach a socket. Alone (no Redis), only this node's rooms
   * count, and the in-memory adapter drops a room with its last socket: an emit to rooms nobody is
   * in (an admin room with no admin online, a ticket nobody has open) would only encode the packet.
   */
  private reachable(namespace: string, roomList: string[]): boolean {
    // While closing, the Redis adapter's client may already be gone: its publish would reject with
    // nobody awaiting it. The other nodes learn of this node's departure through their own sockets.
    if (roomList.length === 0 || this.closing) return false;
    if (this.redis) return true;
    const rooms = this.io.of(namespace).adapter.rooms;
    return roomList.some((room) => rooms.has(room));
  }

  /**
   * The sockets in a room, on every node. While closing, only this node's: the cluster adapter's
   * request to the other nodes is published without anyone awaiting it, and would reject unheard
   * once the Redis client is gone.
   */
  fetchSockets(namespace: string, room: string) {
    const nsp = this.io.of(namespace);
    const fetching = (this.closing ? nsp.local : nsp).in(room).fetchSockets();
    // close() lets a fetch already under way (it publishes after a few awaits) finish first.
    const settled = fetching.then(
      () => undefined,
      () => undefined,
    );
    this.fetches.add(settled);
    void settled.then(() => this.fetches.delete(settled));
    return fetching;
  }

  /**
   * Disconnects the sockets in a room, on every node (through the adapter), except those also in
   * `keepRoom`. Their clients reconnect and so re-authenticate and re-join their rooms, or are refused.
   */
  disconnectRoom(namespace: string, room: string, keepRoom?: string): void {
    if (this.closing) return;
    const target = this.io.of(namespace).in(room);
    (keepRoom ? target.except(keepRoom) : target).disconnectSockets(true);
  }

  /** Drops every socket (clients reconnect elsewhere); the HTTP server itself is Fastify's to close. */
  async close(): Promise<void> {
    this.closing = true;
    const names = new Set(['/', ...this.namespaces]);
    // This node's sockets only (`local`): without it the adapter tells every node to drop its sockets.
    for (const name of names) this.io.of(name).local.disconnectSockets(true);
    // Fetches started before (they ask the other nodes, whose answers the adapter reads) end first.
    await Promise.all(this.fetches);
    // Closing every namespace's adapter stops the Redis adapter's stream readers and heartbeats
    // before its client goes away.
    for (const name of names) {
      await Promise.resolve(this.io.of(name).adapter.close()).catch(() => undefined);
    }
    this.io.engine.close();
    await this.redis?.quit().catch(() => undefined);
  }
}
