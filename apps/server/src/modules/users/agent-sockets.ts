import { SOCKET_EVENTS } from '@conversa/shared';
import type { Socket } from 'socket.io';
import type { AppContext } from '../../app-context.js';
import type { Realtime } from '../../platform/realtime/realtime.js';
import { rooms } from '../../platform/realtime/rooms.js';
import { SocketBusyError, SocketWork } from '../../platform/realtime/socket-guard.js';
import { AppError } from '../../platform/http/app-error.js';
import { verifyAccessToken } from '../auth/access-token.js';
import type { Actor } from '../auth/actor.js';
import { findAuthUser } from '../auth/use-cases/find-auth-user.js';
import { listUserQueues } from '../queues/use-cases/list-user-queues.js';
import { bindCallAudio } from '../calls/call-audio.js';
import { ringConnectedSoftphone } from '../calls/use-cases/ring-connected-softphone.js';
import { actorSeesAsAdmin, assertCanSeeTicket } from '../tickets/use-cases/ticket-access.js';
import { updateUser } from './users.repository.js';

export const AGENTS_NAMESPACE = '/';

/**
 * Agents' sockets: the access token is checked at the handshake, and the server joins the rooms the
 * user's memberships allow (tenant, own user, own session, queues, admins). A revoked session or a
 * changed membership disconnects the sockets concerned (listeners/drop-revoked-sockets.ts); the
 * client reconnects and gets the new rooms, or is refused.
 */
export function registerAgentSockets(ctx: AppContext, realtime: Realtime): void {
  realtime.namespace<Actor>(
    AGENTS_NAMESPACE,
    async (socket: Socket) => {
      const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : '';
      if (!token) throw new AppError('ERR_INVALID_TOKEN');
      const claims = await verifyAccessToken(token, ctx.secrets.jwtSecret);
      const user = await findAuthUser(ctx.db, claims.userId, claims.sessionId);
      if (!user || user.tenantId !== claims.tenantId || !user.sessionActive) throw new AppError('ERR_INVALID_TOKEN');
      if (user.tenantStatus !== 'active') throw new AppError('ERR_TENANT_INACTIVE');
      const actor: Actor = { userId: user.userId, tenantId: user.tenantId, profile: user.profile, sessionId: claims.sessionId };
      // A company blocked for payment hears only its billing state (and its own user's and session's events).
      if (user.billingBlock)
        return {
          data: actor,
          rooms: [rooms.billing(actor.tenantId), rooms.user(actor.tenantId, actor.userId), rooms.session(actor.sessionId)],
        };
      const queues = await listUserQueues(ctx.db, actor.tenantId, actor.userId);
      const joined = [
        rooms.tenant(actor.tenantId),
        rooms.billing(actor.tenantId),
        rooms.user(actor.tenantId, actor.userId),
        rooms.session(actor.sessionId),
        rooms.noQueue(actor.tenantId),
        ...queues.map((q) => rooms.queue(actor.tenantId, q.id)),
      ];
      // Supervisors reduced to the users' logic (supervisorAdmin) hear only what users hear.
      if (await actorSeesAsAdmin(ctx.db, actor)) joined.push(rooms.admins(actor.tenantId));
      return { data: actor, rooms: joined };
    },
    (socket, actor) => {
      // Each socket's work runs one task at a time with a bounded backlog (the rate limit is in Realtime).
      const work = new SocketWork();
      const logFailure = (error: unknown) => ctx.logger.warn({ err: error }, 'socket event failed');
      // SPEC §7: on login the client emits setUserActive; the user is then shown online to the tenant.
      socket.on(SOCKET_EVENTS.setUserActive, () => void work.run(() => setOnline(ctx, actor, true)).catch(logFailure));
      // The chat the agent has open: messages arriving for it do not count as unread.
      // An optional acknowledgement tells the client when following has started (or why not).
      socket.on(SOCKET_EVENTS.joinTicket, (ticketId: unknown, ack?: unknown) => {
        const reply = typeof ack === 'function' ? (ack as (answer: unknown) => void) : () => undefined;
        work
          .run(() => followTicket(ctx, socket, actor, ticketId))
          .then(
            () => reply({ ok: true }),
            (error: unknown) => {
              const answer = error instanceof AppError || error instanceof SocketBusyError ? error.code : 'ERR_NO_PERMISSION';
              socket.emit('ticket:error', { ticketId, error: answer });
              reply({ ok: false, error: answer });
            },
          );
      });
      socket.on(SOCKET_EVENTS.leaveTicket, () => void work.run(() => leaveTickets(socket)).catch(logFailure));
      // The softphone's call audio (calls module: checks, bounds and relays the frames).
      bindCallAudio(ctx, socket, actor);
      // A call ringing now reaches a softphone that connects during the ring (calls module).
      void ringConnectedSoftphone(ctx, socket, actor).catch(logFailure);
      socket.on('disconnect', () => {
        void (async () => {
          const remaining = await realtime.fetchSockets(AGENTS_NAMESPACE, rooms.user(actor.tenantId, actor.userId));
          if (remaining.length === 0) await setOnline(ctx, actor, false);
        })().catch((error: unknown) => ctx.logger.warn({ err: error }, 'could not record user offline'));
      });
    },
  );
}

async function setOnline(ctx: AppContext, actor: Actor, isOnline: boolean): Promise<void> {
  await updateUser(ctx.db, actor.tenantId, actor.userId, { isOnline, lastOnline: new Date() });
  ctx.events.publish([{ type: 'user.status', tenantId: actor.tenantId, userId: actor.userId, isOnline }]);
}

async function followTicket(ctx: AppContext, socket: Socket, actor: Actor, ticketId: unknown): Promise<void> {
  const id = Number(ticketId);
  if (!Number.isInteger(id) || id <= 0) throw new AppError('ERR_VALIDATION');
  await assertCanSeeTicket(ctx, actor, id);
  await leaveTickets(socket);
  await socket.join(rooms.ticket(actor.tenantId, id));
}

async function leaveTickets(socket: Socket): Promise<void> {
  for (const room of socket.rooms) if (room.includes(':ticket:')) await socket.leave(room);
}
