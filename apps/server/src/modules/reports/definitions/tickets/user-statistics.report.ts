import type { ReportDefinition } from '../../report-definition.js';
import { selectUserStatistics, type TicketRange } from './ticket-reports.repository.js';
import { reportQueueScope } from './ticket-scope.js';

/**
 * estatisticas-atendimentos-usuarios (SPEC §3 "summary per user"): per user, the tickets created in
 * the date range in the chosen queues — pending, open (in service), closed (resolved), total (every
 * status) — with the average first response and handling time (definitions in ticket-reports.repository.ts).
 * One row per user who has such tickets; tickets without a user are not counted. The figures are
 * the dashboard's per-user ones (module insight: the tickets created in the range, by their status
 * now) for the same days, queues and tickets: with every queue and "no queue" chosen, a user's row
 * equals their dashboard line (days here are in the tenant's time zone; the dashboard's in the reader's).
 */
async function rangeOf(...[ctx, request]: Parameters<ReportDefinition['count']>): Promise<TicketRange | undefined> {
  const queues = await reportQueueScope(ctx, request);
  const { from, to } = request.filters;
  if (!queues || !from || !to) return undefined;
  return { tenantId: request.tenantId, timeZone: request.timeZone, from, to, ...queues };
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
