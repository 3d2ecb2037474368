import type { ReportDefinition } from '../../report-definition.js';
import { selectUserStatistics, type TicketRange } from './ticket-reports.repository.js';
import { reportQueueIds } from './ticket-scope.js';

/**
 * estatisticas-atendimentos-usuarios (SPEC §3 "summary per user"): per user, the tickets created in
 * the date range in the chosen queues — pending, open (in service), closed (resolved), total (every
 * status) — with the average first response and handling time (definitions in ticket-reports.repository.ts).
 * One row per user who has such tickets; tickets without a user are not counted.
 */
async function rangeOf(...[ctx, request]: Parameters<ReportDefinition['count']>): Promise<TicketRange | undefined> {
  const queueIds = await reportQueueIds(ctx, request);
  const { from, to } = request.filters;
  if (!queueIds.length || !from || !to) return undefined;
  return { tenantId: request.tenantId, timeZone: request.timeZone, from, to, queueIds };
}

export const userStatisticsReport: ReportDefinition = {
  name: 'estatisticas-atendimentos-usuarios',
  async page(ctx, request, page) {
    const range = await rangeOf(ctx, request);
    if (!range) return { rows: [], total: 0 };
    return selectUserStatistics(ctx.db, range, page);
  },
  async *batches(ctx, request, { batchSize, sort, order }) {
    const range = await rangeOf(ctx, request);
    if (!range) return;
    for (let offset = 0; ; offset += batchSize) {
      // One row per user: the whole report is as large as the tenant's users, offsets stay small.
      const { rows } = await selectUserStatistics(ctx.db, range, { offset, limit: batchSize, sort, order });
      if (rows.length) yield rows;
      if (rows.length < batchSize) return;
    }
  },
  async count(ctx, request) {
    const range = await rangeOf(ctx, request);
    if (!range) return 0;
    return (await selectUserStatistics(ctx.db, range, { offset: 0, limit: 1, order: 'asc' })).total;
  },
};
