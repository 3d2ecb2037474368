import type { AppContext } from '../../../../app-context.js';
import { visibilityRuleFor } from '../../../tickets/use-cases/ticket-access.js';
import type { ReportRequest } from '../../report-definition.js';
import { ticketReportScope } from '../../reports.policy.js';
import { findMemberQueueIds } from '../../reports.repository.js';

/** Which tickets a ticket report reads: those of these queues, and those without a queue when `withoutQueue`. */
export interface ReportQueueScope {
  queueIds: number[];
  withoutQueue: boolean;
}

/**
 * The queues a ticket report reads: those of the filter, within the supervisor's own queues (an
 * administrator's filter as is); and the tickets without queue when the filter asks for them and the
 * reader may see them (an administrator always; a supervisor when the inbox shows them such tickets:
 * the tickets module's rule for their own scope, SPEC §6 ViewTicketsWithoutQueue / supervisorAdmin).
 * Null: nothing to read (the report answers no rows).
 */
export async function reportQueueScope(ctx: AppContext, request: ReportRequest): Promise<ReportQueueScope | null> {
  const requested = request.filters.queueIds ?? [];
  const scope = ticketReportScope(request.actor, await findMemberQueueIds(ctx.db, request.tenantId, request.actor.userId));
  const queueIds = scope.all ? requested : requested.filter((id) => scope.queueIds.includes(id));
  let withoutQueue = request.filters.withoutQueue === true;
  if (withoutQueue && !scope.all) {
    const rule = await visibilityRuleFor(ctx.db, request.actor, { showAll: false });
    withoutQueue = rule.all || rule.noQueue;
  }
  return queueIds.length || withoutQueue ? { queueIds, withoutQueue } : null;
}

/** The queues whose tickets the reader may see: null for an administrator (every ticket), a supervisor's own queues otherwise. */
export async function readerTicketQueueIds(ctx: AppContext, request: ReportRequest): Promise<number[] | null> {
  const scope = ticketReportScope(request.actor, await findMemberQueueIds(ctx.db, request.tenantId, request.actor.userId));
  return scope.all ? null : scope.queueIds;
}
