import {
  REPORT_FILTERS,
  REPORT_MAX_RANGE_DAYS,
  REPORT_NAMES,
  REPORT_REQUIRED,
  reportFiltersSchema,
  type ReportFilterField,
  type ReportFilters,
  type ReportName,
} from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { zodFieldProblems } from '../../../platform/http/field-issues.js';
import type { Actor } from '../../auth/actor.js';
import { getTenantTimeZone } from '../../tenants/use-cases/get-tenant-time-zone.js';
import type { ReportDefinition, ReportRequest } from '../report-definition.js';
import { findReport } from '../report-registry.js';
import { assertCanUseReports } from '../reports.policy.js';

/** The filter keys of each form field (`dateRange` is two; the queue selector's are its queues and its "no queue" choice). */
const FIELD_KEYS: Record<ReportFilterField, readonly (keyof ReportFilters)[]> = {
  dateRange: ['from', 'to'],
  queueIds: ['queueIds', 'withoutQueue'],
  channelIds: ['channelIds'],
  userIds: ['userIds'],
  statuses: ['statuses'],
  tagIds: ['tagIds'],
  laneIds: ['laneIds'],
  walletUserIds: ['walletUserIds'],
  states: ['states'],
  demandIds: ['demandIds'],
};

const DAY_MS = 86_400_000;

/** A list with something in it, or a choice that is on (`withoutQueue=false` selects nothing). */
const filled = (value: ReportFilters[keyof ReportFilters]) => (Array.isArray(value) ? value.length > 0 : value === true);

/**
 * The one place where a report request is checked, for the screen and for exports alike: the
 * actor may use reports, the report exists, its required filters are there (SPEC §5 texts:
 * ERR_REPORT_DATES_REQUIRED, ERR_REPORT_QUEUES_REQUIRED, ERR_REPORT_SELECTION_REQUIRED) and the
 * date range is a range (ERR_REPORT_INVALID_RANGE). Filters the report does not take are dropped.
 * The queues are given when `queueIds` has one, or `withoutQueue` is on (tickets without queue).
 */
export function validateReportFilters(
  reportName: string,
  filters: ReportFilters,
): { definition: ReportDefinition; filters: ReportFilters } {
  if (!(REPORT_NAMES as readonly string[]).includes(reportName))
    throw new AppError('ERR_ROUTE_NOT_FOUND', `Unknown report: ${reportName}.`);
  const name = reportName as ReportName;
  const taken = {} as ReportFilters;
  for (const field of REPORT_FILTERS[name]) {
    for (const key of FIELD_KEYS[field]) if (filters[key] !== undefined) Object.assign(taken, { [key]: filters[key] });
  }
  for (const field of REPORT_REQUIRED[name]) {
    if (field === 'dateRange') {
      if (!taken.from || !taken.to)
        throw new AppError('ERR_REPORT_DATES_REQUIRED', undefined, { [taken.from ? 'to' : 'from']: ['Required.'] });
    } else if (!FIELD_KEYS[field].some((key) => filled(taken[key]))) {
      throw new AppError(field === 'queueIds' ? 'ERR_REPORT_QUEUES_REQUIRED' : 'ERR_REPORT_SELECTION_REQUIRED', undefined, {
        [field]: ['Required.'],
      });
    }
  }
  if (taken.from && taken.to) {
    const days = (Date.parse(taken.to) - Date.parse(taken.from)) / DAY_MS + 1;
    if (days < 1 || days > REPORT_MAX_RANGE_DAYS) throw new AppError('ERR_REPORT_INVALID_RANGE', undefined, { to: ['Out of range.'] });
  }
  // A report of the contract whose definition is not registered is not served (the checks above are the contract's).
  const definition = findReport(name);
  if (!definition) throw new AppError('ERR_ROUTE_NOT_FOUND', `Report not available: ${reportName}.`);
  return { definition, filters: taken };
}

/** A request of the screen or of an export: authorized, validated, with the tenant's time zone. */
export async function validateReportRequest(
  ctx: AppContext,
  actor: Actor,
  reportName: string,
  filters: ReportFilters,
): Promise<{ definition: ReportDefinition; request: ReportRequest }> {
  assertCanUseReports(actor);
  const valid = validateReportFilters(reportName, filters);
  const timeZone = await getTenantTimeZone(ctx.db, actor.tenantId);
  return { definition: valid.definition, request: { tenantId: actor.tenantId, actor, filters: valid.filters, timeZone } };
}

/** The filters of an export's body (query-string shape) parsed like the screen's query. */
export function parseExportFilters(raw: Record<string, string | string[]>): ReportFilters {
  const parsed = reportFiltersSchema.safeParse(raw);
  if (!parsed.success)
    throw new AppError('ERR_VALIDATION', undefined, zodFieldProblems(parsed.error.issues, { input: raw, prefix: 'filters' }));
  return parsed.data;
}
