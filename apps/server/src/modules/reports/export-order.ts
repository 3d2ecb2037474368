import type { AppContext } from '../../app-context.js';
import type { ReportRow } from './report-definition.js';
import { clearReportExportOrder, findReportExportOrderAfter, fixReportExportOrder, type ReportOrderSql } from './reports.repository.js';

/**
 * An export's rows in batches, in an order sorted once: `ordered` (position, row_id for every row)
 * is stored by one statement, then each batch reads the next positions and their rows by id. Keyset
 * batches on a computed column (tags, state, notes…) would recompute and re-sort every matching row
 * per batch (quadratic); this sorts once and keeps memory constant. A row deleted meanwhile is skipped.
 */
export async function* batchesInFixedOrder(
  ctx: AppContext,
  scope: { tenantId: number; exportId: string; batchSize: number },
  ordered: ReportOrderSql,
  rowsByIds: (ids: number[]) => Promise<Map<number, ReportRow>>,
): AsyncIterable<ReportRow[]> {
  const { tenantId, exportId, batchSize } = scope;
  await fixReportExportOrder(ctx.db, tenantId, exportId, ordered);
  try {
    let position = 0;
    for (;;) {
      const next = await findReportExportOrderAfter(ctx.db, tenantId, exportId, position, batchSize);
      if (!next.length) return;
      const rows = await rowsByIds(next.map((entry) => entry.rowId));
      const batch = next.flatMap((entry): ReportRow[] => {
        const row = rows.get(entry.rowId);
        return row ? [row] : [];
      });
      if (batch.length) yield batch;
      position = next[next.length - 1].position;
      if (next.length < batchSize) return;
    }
  } finally {
    await clearReportExportOrder(ctx.db, tenantId, exportId);
  }
}
