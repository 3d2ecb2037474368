import { REPORT_COLUMNS, type ReportName } from '@conversa/shared';
import type { AppContext } from '../../../../app-context.js';
import { batchesInFixedOrder } from '../../export-order.js';
import type { ReportDefinition, ReportRequest, ReportRow } from '../../report-definition.js';
import {
  CONTACT_REPORT_COLUMNS,
  contactReportOrder,
  contactReportRowsByIds,
  countContactReport,
  pageContactReport,
  type ContactReportColumn,
  type ContactReportFilter,
  type ContactReportRow,
  type ContactReportSort,
} from './contact-reports.repository.js';

export type ContactReportName = Extract<
  ReportName,
  'lista-contatos' | 'contatos-por-etiquetas' | 'contatos-por-estado' | 'contatos-por-kanban' | 'contatos-por-carteira'
>;

/** The report's columns (REPORT_COLUMNS), each one a column the contact reports know how to read. */
function columnsOf(name: ContactReportName): ContactReportColumn[] {
  return REPORT_COLUMNS[name].map(({ key }) => {
    if (!(CONTACT_REPORT_COLUMNS as readonly string[]).includes(key)) throw new Error(`Report ${name}: unknown contact column ${key}`);
    return key as ContactReportColumn;
  });
}

/** A column of the report in the asked direction; otherwise the default order: name ascending (then id). */
function sortOf(columns: readonly ContactReportColumn[], sort: string | undefined, order: 'asc' | 'desc' | undefined): ContactReportSort {
  const column = columns.find((key) => key === sort);
  return column ? { column, order: order === 'desc' ? 'desc' : 'asc' } : { column: 'name', order: 'asc' };
}

function present(columns: readonly ContactReportColumn[], row: ContactReportRow): ReportRow {
  return Object.fromEntries(columns.map((column) => [column, row.values[column] ?? null]));
}

/**
 * A contact report: the tenant's contacts that the report's filter selects, with name, WhatsApp
 * number, e-mail and the report's own column. Contacts are tenant-wide (SPEC: every profile works
 * with the tenant's contacts; the contacts module restricts none by wallet or queue, and
 * DirectTicketsToWallets only routes and hides tickets), so every report reader sees the same
 * contacts (the routes let only admins and supervisors in); what the report reads of tickets (kanban
 * lanes) follows the reader's ticket visibility, which `filterOf` puts in the filter.
 */
export function contactReport(
  name: ContactReportName,
  filterOf: (ctx: AppContext, request: ReportRequest) => ContactReportFilter | Promise<ContactReportFilter>,
): ReportDefinition {
  const columns = columnsOf(name);
  return {
    name,
    async page(ctx, request, page) {
      const filter = await filterOf(ctx, request);
      const sort = sortOf(columns, page.sort, page.order);
      const [rows, total] = await Promise.all([
        pageContactReport(ctx.db, request.tenantId, filter, columns, sort, { offset: page.offset, limit: page.limit }),
        countContactReport(ctx.db, request.tenantId, filter),
      ]);
      return { rows: rows.map((row) => present(columns, row)), total };
    },
    async *batches(ctx, request, { exportId, batchSize, sort, order }) {
      const filter = await filterOf(ctx, request);
      const ordered = contactReportOrder(request.tenantId, filter, sortOf(columns, sort, order));
      yield* batchesInFixedOrder(ctx, { tenantId: request.tenantId, exportId, batchSize }, ordered, async (ids) => {
        const rows = await contactReportRowsByIds(ctx.db, request.tenantId, filter, columns, ids);
        return new Map(rows.map((row) => [row.id, present(columns, row)]));
      });
    },
    async count(ctx, request) {
      return countContactReport(ctx.db, request.tenantId, await filterOf(ctx, request));
    },
  };
}
