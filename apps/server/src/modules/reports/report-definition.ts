import type { ReportFilters, ReportName } from '@conversa/shared';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../auth/actor.js';

/** One row of a report as shown and exported: every value already presented (text, number, ISO date, or null). */
export type ReportRow = Record<string, string | number | null>;

/** Who asks, for which tenant, with which filters (validated: the report's required ones are there). */
export interface ReportRequest {
  tenantId: number;
  actor: Actor;
  filters: ReportFilters;
  /** The tenant's IANA time zone: `from`/`to` are calendar days there, both included. */
  timeZone: string;
}

export interface ReportPageRequest {
  offset: number;
  limit: number;
  /** A column key of REPORT_COLUMNS[name]; otherwise the report's default order. */
  sort?: string;
  order: 'asc' | 'desc';
}

/**
 * A report of `/relatorios` (SPEC §2): how its rows are read, for the screen (a page) and for
 * exports (every row, in batches, with constant memory). The reports module registers each
 * definition; validation of the filters happens before (validate-report-request).
 */
/** An export's reading: its batch size, order, and the export (whose row order may be fixed in the database). */
export interface ReportBatchRequest {
  exportId: string;
  batchSize: number;
  sort?: string;
  order: 'asc' | 'desc';
}

export interface ReportDefinition {
  name: ReportName;
  /** Rows of one page in the given order, and the total. */
  page(ctx: AppContext, request: ReportRequest, page: ReportPageRequest): Promise<{ rows: ReportRow[]; total: number }>;
  /** Every row in order, in batches of at most `batchSize`, read with constant memory and linear time (export-order.ts). */
  batches(ctx: AppContext, request: ReportRequest, batches: ReportBatchRequest): AsyncIterable<ReportRow[]>;
  /** Rows in all (an export's progress). */
  count(ctx: AppContext, request: ReportRequest): Promise<number>;
}
