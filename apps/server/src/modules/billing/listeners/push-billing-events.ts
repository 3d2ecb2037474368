import { SOCKET_EVENTS, type TenantBillingEvent } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { DomainEvent } from '../../../platform/events/domain-events.js';
import type { Realtime } from '../../../platform/realtime/realtime.js';
import { rooms } from '../../../platform/realtime/rooms.js';
import { AGENTS_NAMESPACE } from '../../users/agent-sockets.js';

/**
 * Sockets follow a block or an unblock at once, on every node: the company's users are told
 * (`tenant:billing`), then their sockets are dropped; they reconnect with the rooms the new state
 * allows (a blocked company's sockets hear only the billing state), and the web app reloads its state.
 */
export function pushBillingEvents(ctx: AppContext, realtime: Realtime): void {
  ctx.events.subscribe((event: DomainEvent) => {
    if (event.type !== 'tenant.billing') return;
    const payload: TenantBillingEvent = { blocked: event.blocked, reason: event.reason };
    realtime.emit(AGENTS_NAMESPACE, [rooms.billing(event.tenantId)], SOCKET_EVENTS.tenantBilling, payload);
    realtime.disconnectRoom(AGENTS_NAMESPACE, rooms.billing(event.tenantId));
  });
}
