import { SOCKET_EVENTS } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { DomainEvent } from '../../../platform/events/domain-events.js';
import type { Realtime } from '../../../platform/realtime/realtime.js';
import { rooms } from '../../../platform/realtime/rooms.js';
import { AGENTS_NAMESPACE } from '../agent-sockets.js';

/**
 * Sockets follow revocations at once, on every node (the adapter carries the disconnection): a
 * logout drops that session's sockets, a user-level change every socket of the user (but the
 * session kept), a deactivated tenant every socket of the tenant, told first why. Clients that
 * reconnect are authenticated again and get the rooms they may now have, or are refused.
 */
export function dropRevokedSockets(ctx: AppContext, realtime: Realtime): void {
  ctx.events.subscribe((event: DomainEvent) => {
    if (event.type !== 'access.revoked') return;
    if (event.sessionId) {
      realtime.disconnectRoom(AGENTS_NAMESPACE, rooms.session(event.sessionId));
    } else if (event.userId !== undefined) {
      const keep = event.keepSessionId ? rooms.session(event.keepSessionId) : undefined;
      realtime.disconnectRoom(AGENTS_NAMESPACE, rooms.user(event.tenantId, event.userId), keep);
    } else {
      // Sent before the disconnection, on the same ordered path (each node's adapter delivers in order).
      if (event.tenantInactive)
        realtime.emit(AGENTS_NAMESPACE, [rooms.tenant(event.tenantId)], SOCKET_EVENTS.tenantInactive, { error: 'ERR_TENANT_INACTIVE' });
      realtime.disconnectRoom(AGENTS_NAMESPACE, rooms.tenant(event.tenantId));
    }
  });
}
