import { CALL_SOCKET_EVENT } from '@conversa/shared';
import type { Socket } from 'socket.io';
import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { presentCall } from '../calls.presenter.js';
import { findUserCallBlock, listRingingCalls } from '../calls.repository.js';

/**
 * How long after its offer an incoming call may still be ringing. An offer whose end was never heard
 * (the device or the server went away meanwhile) stays `offer` in the table: past this it is not
 * rung again.
 */
export const CALL_RING_WINDOW_MS = 60_000;

/**
 * A softphone that connects while a call rings (the app opened or reconnected during the ring) hears
 * the offer it missed: the call's push went only to the sockets connected then.
 */
export async function ringConnectedSoftphone(ctx: AppContext, socket: Socket, actor: Actor, now = new Date()): Promise<void> {
  // Mostly nothing rings: the user's block is read only when something does.
  const ringing = await listRingingCalls(ctx.db, actor.tenantId, new Date(now.getTime() - CALL_RING_WINDOW_MS));
  if (!ringing.length || (await findUserCallBlock(ctx.db, actor.tenantId, actor.userId)) !== false) return;
  for (const call of ringing.reverse()) socket.emit(CALL_SOCKET_EVENT, { call: presentCall(call) });
}
