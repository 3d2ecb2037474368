import type { AppContext } from '../../../../app-context.js';
import type { ReportRequest } from '../../report-definition.js';
import { ticketReportScope } from '../../reports.policy.js';
import { findMemberQueueIds } from '../../reports.repository.js';

/**
 * The queues a ticket report reads: those of the filter, within the supervisor's own queues (an
 * administrator's filter as is). Empty: nothing to read (the report answers no rows).
 */
export async function reportQueueIds(ctx: AppContext, request: ReportRequest): Promise<number[]> {
  const requested = request.filters.queueIds ?? [];
  const scope = ticketReportScope(request.actor, await findMemberQueueIds(ctx.db, request.tenantId, request.actor.userId));
  return scope.all ? requested : requested.filter((id) => scope.queueIds.includes(id));
}

/** The queues whose tickets the reader may see: null for an administrator (every ticket), a supervisor's own queues otherwise. */
export async function readerTicketQueueIds(ctx: AppContext, request: ReportRequest): Promise<number[] | null> {
  const scope = ticketReportScope(request.actor, await findMemberQueueIds(ctx.db, request.tenantId, request.actor.userId));
  return scope.all ? null : scope.queueIds;
}
