import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type DefaultEventsMap, type Socket as IoSocket } from 'socket.io';
import { WAVOIP_ACK_ERROR, WAVOIP_ACK_SUCCESS, wavoipSignal } from './fixtures.js';

/** How a simulated device answers `calls:start`: places the call, refuses it, or never answers. */
export type WavoipDeviceMode = 'answer' | 'fail' | 'silent';

export interface WavoipCommand {
  token: string;
  event: string;
  payload: unknown;
  at: number;
}

export interface WavoipSimulator {
  /** The base URL to give the adapter (the provider's `https://devices.wavoip.com`). */
  url: string;
  /** Every command received, in order. */
  commands: WavoipCommand[];
  /** Declares a device token and how it answers calls (unknown tokens are refused at connection). */
  device(token: string, mode: WavoipDeviceMode): void;
  /** Whether a device currently has a connected client. */
  connected(token: string): boolean;
  /** Waits until a client of this token is connected. */
  waitConnected(token: string, timeoutMs?: number): Promise<void>;
  /** Pushes a `signaling` event to the clients of a device (the customer answers, hangs up, calls in). */
  signal(token: string, data: unknown): void;
  offer(token: string, phone: string, name?: string): void;
  close(): Promise<void>;
}

/** A local Wavoip device server (see fixtures.ts for the documented protocol). */
export async function startWavoipSimulator(): Promise<WavoipSimulator> {
  const http = createServer();
  // The token is part of the Socket.IO path: accept every path and read the token from it.
  const ioServer = new Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, { token: string }>(http, {
    path: '/',
    transports: ['websocket'],
  });
  const modes = new Map<string, WavoipDeviceMode>();
  type Socket = IoSocket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, { token: string }>;
  const sockets = new Map<string, Set<Socket>>();
  const commands: WavoipCommand[] = [];
  const waiters: { token: string; resolve: () => void }[] = [];

  ioServer.use((socket, next) => {
    const token = decodeURIComponent((socket.request.url ?? '').split('?')[0].split('/').filter(Boolean)[0] ?? '');
    if (!modes.has(token)) return next(new Error('invalid token'));
    socket.data.token = token;
    next();
  });
  ioServer.on('connection', (socket) => {
    const token = socket.data.token;
    const set = sockets.get(token) ?? new Set<Socket>();
    set.add(socket);
    sockets.set(token, set);
    for (const waiter of waiters.filter((w) => w.token === token)) waiter.resolve();
    socket.on('disconnect', () => set.delete(socket));
    socket.on('calls:start', (phone: unknown, ack?: (answer: unknown) => void) => {
      commands.push({ token, event: 'calls:start', payload: phone, at: Date.now() });
      const mode = modes.get(token);
      if (mode === 'silent' || typeof ack !== 'function') return;
      if (mode === 'fail') return ack(WAVOIP_ACK_ERROR);
      ack(WAVOIP_ACK_SUCCESS);
      socket.emit('signaling', wavoipSignal.outcomingCalling(String(phone)));
    });
    for (const event of ['calls:accept', 'calls:reject', 'calls:end']) {
      socket.on(event, (payload: unknown, ack?: (answer: unknown) => void) => {
        commands.push({ token, event, payload, at: Date.now() });
        if (typeof ack === 'function') ack(WAVOIP_ACK_SUCCESS);
        if (event === 'calls:end') socket.emit('signaling', wavoipSignal.terminate());
        if (event === 'calls:reject') socket.emit('signaling', wavoipSignal.reject());
        if (event === 'calls:accept') socket.emit('signaling', wavoipSignal.accept());
      });
    }
  });

  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    commands,
    device: (token, mode) => void modes.set(token, mode),
    connected: (token) => (sockets.get(token)?.size ?? 0) > 0,
    waitConnected: (token, timeoutMs = 5000) =>
      (sockets.get(token)?.size ?? 0) > 0
        ? Promise.resolve()
        : new Promise<void>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error(`no client for ${token}`)), timeoutMs);
            waiters.push({ token, resolve: () => (clearTimeout(timer), resolve()) });
          }),
    signal: (token, data) => {
      for (const socket of sockets.get(token) ?? []) socket.emit('signaling', data);
    },
    offer: (token, phone, name) => {
      for (const socket of sockets.get(token) ?? []) socket.emit('signaling', wavoipSignal.offer(phone, name));
    },
    close: async () => {
      await ioServer.close();
      http.closeAllConnections();
    },
  };
}
