import { SOCKET_EVENTS } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { DomainEvent } from '../../../platform/events/domain-events.js';
import type { Realtime } from '../../../platform/realtime/realtime.js';
import { rooms } from '../../../platform/realtime/rooms.js';
import { AGENTS_NAMESPACE } from '../../users/agent-sockets.js';
import { findMassSendView } from '../mass-sends.repository.js';
import { presentMassSend } from '../mass-sends.presenter.js';

/**
 * A mass send's change or progress reaches who sees it (mass-sends.policy.ts): the tenant's admins
 * and supervisors (the admins room) and its creator, as its whole view with fresh counters.
 */
export function pushMassSendEvents(ctx: AppContext, realtime: Realtime): void {
  ctx.events.subscribe(async (event: DomainEvent) => {
    if (event.type !== 'massSend.changed') return;
    const massSend = await findMassSendView(ctx.db, event.tenantId, event.massSendId);
    if (!massSend) return;
    const room = [rooms.admins(event.tenantId), ...(massSend.createdById ? [rooms.user(event.tenantId, massSend.createdById)] : [])];
    realtime.emit(AGENTS_NAMESPACE, room, SOCKET_EVENTS.massSend, { action: 'update', massSend: presentMassSend(massSend, ctx.media) });
  });
}
