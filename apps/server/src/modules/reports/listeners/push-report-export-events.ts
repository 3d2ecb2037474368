import { REPORT_EXPORT_SOCKET_EVENT } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { DomainEvent } from '../../../platform/events/domain-events.js';
import type { Realtime } from '../../../platform/realtime/realtime.js';
import { rooms } from '../../../platform/realtime/rooms.js';
import { AGENTS_NAMESPACE } from '../../users/agent-sockets.js';

/** An export's progress and end reach its maker only (`report:export`, the export's view). */
export function pushReportExportEvents(ctx: AppContext, realtime: Realtime): void {
  ctx.events.subscribe((event: DomainEvent) => {
    if (event.type !== 'reportExport.changed') return;
    realtime.emit(AGENTS_NAMESPACE, [rooms.user(event.tenantId, event.userId)], REPORT_EXPORT_SOCKET_EVENT, event.export);
  });
}
