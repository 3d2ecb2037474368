/**
 * A stand-in for socket.io-client's socket in files with modules of their own (own-modules.ts):
 * `vi.mock('socket.io-client', async () => (await import('../../test/fake-socket')).fakeSocketModule)`;
 * `fakeSocket.serverSends(event, payload)` plays the server.
 */
type Handler = (...args: unknown[]) => void;
const handlers = new Map<string, Handler[]>();

export const fakeSocket = {
  connected: true,
  on(event: string, handler: Handler) {
    handlers.set(event, [...(handlers.get(event) ?? []), handler]);
    return this;
  },
  emit() {
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
  serverSends(event: string, payload: unknown) {
    for (const handler of handlers.get(event) ?? []) handler(payload);
  },
};

export const fakeSocketModule = { io: () => fakeSocket };
