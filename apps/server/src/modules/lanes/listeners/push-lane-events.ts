import { SOCKET_EVENTS } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { DomainEvent } from '../../../platform/events/domain-events.js';
import type { Realtime } from '../../../platform/realtime/realtime.js';
import { rooms } from '../../../platform/realtime/rooms.js';
import { AGENTS_NAMESPACE } from '../../users/agent-sockets.js';
import { presentLane } from '../lanes.presenter.js';
import { listLanes } from '../lanes.repository.js';

/**
 * A committed change of the tenant's lanes reaches every agent of the tenant (lanes are the
 * tenant's board, seen by all) as the whole list in board order: the boards, the /lanes screen and
 * the lane pickers replace theirs. Tickets a deleted lane detached travel as their own updates.
 */
export function pushLaneEvents(ctx: AppContext, realtime: Realtime): void {
  ctx.events.subscribe(async (event: DomainEvent) => {
    if (event.type !== 'lanes.changed') return;
    const lanes = await listLanes(ctx.db, event.tenantId);
    realtime.emit(AGENTS_NAMESPACE, [rooms.tenant(event.tenantId)], SOCKET_EVENTS.lanes, { lanes: lanes.map(presentLane) });
  });
}
