import { batchesInFixedOrder } from '../../export-order.js';
import type { ReportDefinition } from '../../report-definition.js';
import {
  countTicketsByParameters,
  selectTicketRowsByIds,
  selectTicketsByParameters,
  ticketsByParametersOrder,
  type TicketParameters,
} from './ticket-reports.repository.js';
import { reportQueueScope } from './ticket-scope.js';

/**
 * atendimentos-por-parametros (SPEC §3 ticket report): the tickets created in the date range in the
 * chosen queues (and without queue, when chosen), narrowed by any of status, channel, user, tag (any of them), lane and reason; each
 * with notes (its notes' texts joined), id, status, contact name and number, connection (channel
 * name), last message, unread messages, reason, queue, channel (its type), value and creation date.
 */
async function parametersOf(...[ctx, request]: Parameters<ReportDefinition['count']>): Promise<TicketParameters | undefined> {
  const queues = await reportQueueScope(ctx, request);
  const f = request.filters;
  if (!queues || !f.from || !f.to) return undefined;
  return {
    tenantId: request.tenantId,
    timeZone: request.timeZone,
    from: f.from,
    to: f.to,
    ...queues,
    statuses: f.statuses,
    channelIds: f.channelIds,
    userIds: f.userIds,
    tagIds: f.tagIds,
    laneIds: f.laneIds,
    demandIds: f.demandIds,
  };
}

export const ticketsByParametersReport: ReportDefinition = {
  name: 'atendimentos-por-parametros',
  async page(ctx, request, page) {
    const parameters = await parametersOf(ctx, request);
    if (!parameters) return { rows: [], total: 0 };
    const [rows, total] = await Promise.all([
      selectTicketsByParameters(ctx.db, parameters, { sort: page.sort, order: page.order, limit: page.limit, offset: page.offset }),
      countTicketsByParameters(ctx.db, parameters),
    ]);
    return { rows, total };
  },
  async *batches(ctx, request, { exportId, batchSize, sort, order }) {
    const parameters = await parametersOf(ctx, request);
    if (!parameters) return;
    yield* batchesInFixedOrder(
      ctx,
      { tenantId: request.tenantId, exportId, batchSize },
      ticketsByParametersOrder(parameters, sort, order),
      (ids) => selectTicketRowsByIds(ctx.db, request.tenantId, ids),
    );
  },
  async count(ctx, request) {
    const parameters = await parametersOf(ctx, request);
    return parameters ? countTicketsByParameters(ctx.db, parameters) : 0;
  },
};
