/** Test helpers of the web-chat suites: a tenant with a connected web-chat channel, visitors and sockets. */
import { randomBytes, randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import type { Api, ApiResponse } from '../../../../../test/api.js';
import { buildTenant, buildUser } from '../../../../../test/factories.js';
import type { TestServer } from '../../../../../test/harness.js';
import type { Actor } from '../../../auth/actor.js';
import { insertQueue } from '../../../queues/queues.repository.js';
import { insertChannel, type ChannelRow, type NewChannel } from '../../channels.repository.js';
import type { VisitorMessage } from './webchat.schemas.js';

let ipSequence = 0;
/** A distinct client address per call (the servers of these suites trust X-Forwarded-For). */
export const nextIp = () => `10.${(process.pid >> 8) % 250}.${process.pid % 250}.${++ipSequence}`;

export interface WebchatSetup {
  tenantId: number;
  channel: ChannelRow;
  queueId: number;
  admin: { id: number; email: string; password: string; token: string; actor: Actor };
}

export async function buildWebchatSetup(server: TestServer, api: Api, channel: Partial<NewChannel> = {}): Promise<WebchatSetup> {
  const { ctx } = server;
  const tenant = await buildTenant(ctx);
  const admin = await buildUser(ctx, tenant.id, { profile: 'admin' });
  const queue = await insertQueue(ctx.db, tenant.id, {
    name: `Support ${randomUUID().slice(0, 8)}`,
    color: '#228be6',
    greetingMessage: null,
  });
  const row = await insertChannel(ctx.db, tenant.id, {
    name: 'Site chat',
    type: 'webchat',
    status: 'connected',
    publicKey: randomBytes(24).toString('base64url'),
    queueId: queue.id,
    settings: {},
    ...channel,
  });
  const login = await api.login(admin.email, admin.password);
  return {
    tenantId: tenant.id,
    channel: row,
    queueId: queue.id,
    admin: {
      id: admin.id,
      email: admin.email,
      password: admin.password,
      token: login.token,
      actor: { userId: admin.id, tenantId: tenant.id, profile: 'admin', sessionId: randomUUID() },
    },
  };
}

export class Visitor {
  constructor(
    private readonly api: Api,
    readonly visitorId: string,
    readonly token: string,
  ) {}

  post(body: string, clientId: string = randomUUID()): Promise<ApiResponse<VisitorMessage & { error?: string }>> {
    return this.api.post('/webchat/messages', { clientId, body }, { token: this.token });
  }

  history(since?: string): Promise<ApiResponse<{ messages: VisitorMessage[]; hasMore: boolean }>> {
    return this.api.get(`/webchat/messages${since ? `?since=${encodeURIComponent(since)}` : ''}`, { token: this.token });
  }
}

export async function startVisitor(
  api: Api,
  publicKey: string,
  body: Record<string, unknown> = { name: 'Ana Visitante' },
): Promise<Visitor> {
  const response = await api.post<{ visitorId: string; token: string }>(`/webchat/${publicKey}/sessions`, body, {
    headers: { 'x-forwarded-for': nextIp() },
  });
  if (response.status !== 201) throw new Error(`session failed: ${response.status} ${JSON.stringify(response.body)}`);
  return new Visitor(api, response.body.visitorId, response.body.token);
}

/** Event payloads as tests read them: loosely typed on purpose. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Payload = any;

/** A connected Socket.IO client that records every event it receives. */
export interface RecordingSocket {
  socket: Socket;
  events: Array<{ event: string; payload: Payload }>;
  of(event: string): Payload[];
  close(): void;
}

export function connectSocket(url: string, token: string): Promise<RecordingSocket> {
  const socket = io(url, { auth: { token }, transports: ['websocket'], forceNew: true, reconnection: false });
  const events: RecordingSocket['events'] = [];
  socket.onAny((event: string, payload: unknown) => events.push({ event, payload }));
  const recording: RecordingSocket = {
    socket,
    events,
    of: (event): Payload[] => events.filter((e) => e.event === event).map((e): Payload => e.payload),
    close: () => void socket.disconnect(),
  };
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(recording));
    socket.once('connect_error', (error) => {
      socket.disconnect();
      reject(error);
    });
  });
}

/** The error a socket handshake is refused with (its code), or 'connected'. */
export async function handshakeOutcome(url: string, token: unknown, headers: Record<string, string> = {}): Promise<string> {
  const socket = io(url, { auth: { token }, transports: ['websocket'], forceNew: true, reconnection: false, extraHeaders: headers });
  try {
    return await new Promise<string>((resolve) => {
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', (error) => resolve(error.message));
    });
  } finally {
    socket.disconnect();
  }
}
