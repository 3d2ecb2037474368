import type { ReportDefinition, ReportRow } from '../../report-definition.js';
import {
  countTicketsByParameters,
  selectTicketsByParameters,
  type TicketKeyset,
  type TicketParameters,
} from './ticket-reports.repository.js';
import { reportQueueIds } from './ticket-scope.js';

/**
 * atendimentos-por-parametros (SPEC §3 ticket report): the tickets created in the date range in the
 * chosen queues, narrowed by any of status, channel, user, tag (any of them), lane and reason; each
 * with notes (its notes' texts joined), id, status, contact name and number, connection (channel
 * name), last message, unread messages, reason, queue, channel (its type), value and creation date.
 */
async function parametersOf(...[ctx, request]: Parameters<ReportDefinition['count']>): Promise<TicketParameters | undefined> {
  const queueIds = await reportQueueIds(ctx, request);
  const f = request.filters;
  if (!queueIds.length || !f.from || !f.to) return undefined;
  return {
    tenantId: request.tenantId,
    timeZone: request.timeZone,
    from: f.from,
    to: f.to,
    queueIds,
    statuses: f.statuses,
    channelIds: f.channelIds,
    userIds: f.userIds,
    tagIds: f.tagIds,
    laneIds: f.laneIds,
    demandIds: f.demandIds,
  };
}

const withoutSortKey = ({ __sort: _, ...row }: ReportRow & { __sort: unknown }): ReportRow => row;

export const ticketsByParametersReport: ReportDefinition = {
  name: 'atendimentos-por-parametros',
  async page(ctx, request, page) {
    const parameters = await parametersOf(ctx, request);
    if (!parameters) return { rows: [], total: 0 };
    const [rows, total] = await Promise.all([
      selectTicketsByParameters(ctx.db, parameters, { sort: page.sort, order: page.order, limit: page.limit, offset: page.offset }),
      countTicketsByParameters(ctx.db, parameters),
    ]);
    return { rows: rows.map(withoutSortKey), total };
  },
  async *batches(ctx, request, batchSize, sort, order = 'asc') {
    const parameters = await parametersOf(ctx, request);
    if (!parameters) return;
    let after: TicketKeyset | undefined;
    for (;;) {
      const rows = await selectTicketsByParameters(ctx.db, parameters, { sort, order, limit: batchSize, after });
      if (rows.length) yield rows.map(withoutSortKey);
      if (rows.length < batchSize) return;
      const last = rows.at(-1)!;
      after = { value: last.__sort, id: Number(last.id) };
    }
  },
  async count(ctx, request) {
    const parameters = await parametersOf(ctx, request);
    return parameters ? countTicketsByParameters(ctx.db, parameters) : 0;
  },
};
