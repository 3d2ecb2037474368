import { SCHEDULE_SOCKET_EVENT, type ScheduleSocketPayload } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { DomainEvent } from '../../../platform/events/domain-events.js';
import type { Realtime } from '../../../platform/realtime/realtime.js';
import { rooms } from '../../../platform/realtime/rooms.js';
import { AGENTS_NAMESPACE } from '../../users/agent-sockets.js';
import { presentSchedule } from '../scheduled-messages.presenter.js';
import { findScheduleView } from '../scheduled-messages.repository.js';

/**
 * Pushes committed schedule changes (created, edited, canceled, sent, failed, deleted) to who may see the
 * schedule (scheduled-messages.policy.ts): the tenant's `admins` room and its creator's own room.
 */
export function pushScheduleEvents(ctx: AppContext, realtime: Realtime): void {
  ctx.events.subscribe(async (event: DomainEvent) => {
    if (event.type === 'schedule.deleted') {
      const audience = [rooms.admins(event.tenantId)];
      if (event.userId !== null) audience.push(rooms.user(event.tenantId, event.userId));
      const payload: ScheduleSocketPayload = { action: 'delete', id: event.scheduleId };
      realtime.emit(AGENTS_NAMESPACE, audience, SCHEDULE_SOCKET_EVENT, payload);
      return;
    }
    if (event.type !== 'schedule.changed') return;
    const schedule = await findScheduleView(ctx.db, event.tenantId, event.scheduleId);
    if (!schedule) return;
    const audience = [rooms.admins(event.tenantId)];
    if (schedule.userId !== null) audience.push(rooms.user(event.tenantId, schedule.userId));
    const payload: ScheduleSocketPayload = { action: event.action, scheduledMessage: presentSchedule(schedule) };
    realtime.emit(AGENTS_NAMESPACE, audience, SCHEDULE_SOCKET_EVENT, payload);
  });
}
