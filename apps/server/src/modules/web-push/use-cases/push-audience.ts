import type { AppContext } from '../../../app-context.js';
import { rooms } from '../../../platform/realtime/rooms.js';
import { visibleTicketIds } from '../../tickets/use-cases/ticket-access.js';
import { AGENTS_NAMESPACE } from '../../users/agent-sockets.js';
import { findUserAsActor } from '../../users/use-cases/find-user-as-actor.js';
import { listSubscribedUserIds } from '../web-push.repository.js';

/**
 * Who gets a push about a ticket: among `candidates` (all the tenant's users with a subscription when
 * undefined), those who may see the ticket now (the tickets visibility policy, as the inbox's) and
 * have no Conversa tab connected — a connected tab shows the message itself (the inbox, its sound
 * and desktop notification), on any node (the socket room is asked through the adapter).
 */
export async function pushAudience(ctx: AppContext, tenantId: number, ticketId: number, candidates?: number[]): Promise<number[]> {
  const subscribed = new Set(await listSubscribedUserIds(ctx.db, tenantId));
  const users = (candidates ?? [...subscribed]).filter((userId) => subscribed.has(userId));
  const audience: number[] = [];
  for (const userId of users) {
    const user = await findUserAsActor(ctx.db, tenantId, userId);
    if (!user || !(await visibleTicketIds(ctx, user.actor, [ticketId])).has(ticketId)) continue;
    if (await hasConnectedTab(ctx, tenantId, userId)) continue;
    audience.push(userId);
  }
  return audience;
}

async function hasConnectedTab(ctx: AppContext, tenantId: number, userId: number): Promise<boolean> {
  if (!ctx.realtime) return false;
  const sockets = await ctx.realtime.fetchSockets(AGENTS_NAMESPACE, rooms.user(tenantId, userId));
  return sockets.length > 0;
}
