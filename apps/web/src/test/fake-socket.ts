/**
 * A stand-in for socket.io-client's socket in files with modules of their own (own-modules.ts):
 * `vi.mock('socket.io-client', async () => (await import('../../test/fake-socket')).fakeSocketModule)`;
 * `fakeSocket.serverSends(event, payload)` plays the server, `fakeSocket.emitted` holds what the
 * client sent and `fakeSocket.handlers` the listeners the client registered, by event.
 */
type Handler = (...args: unknown[]) => void;
const handlers = new Map<string, Handler[]>();

export const fakeSocket = {
  handlers: handlers as ReadonlyMap<string, readonly Handler[]>,
  connected: true,
  /** Every `emit` of the client, as its arguments, in order. */
  emitted: [] as unknown[][],
  on(event: string, handler: Handler) {
    handlers.set(event, [...(handlers.get(event) ?? []), handler]);
    return this;
  },
  emit(...args: unknown[]) {
    this.emitted.push(args);
    return this;
  },
  connect() {
    return this;
  },
  disconnect() {
    return this;
  },
  removeAllListeners() {
    handlers.clear();
    return this;
  },
  /** The server sends an event. */
  serverSends(event: string, payload: unknown) {
    for (const handler of handlers.get(event) ?? []) handler(payload);
  },
};

export const fakeSocketModule = { io: () => fakeSocket };
