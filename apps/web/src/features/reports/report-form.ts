import { REPORT_FILTERS, REPORT_MAX_RANGE_DAYS, REPORT_REQUIRED, type ReportFilterField, type ReportName } from '@conversa/shared';
import type { ReportQuery } from './api';

/** The form of a report: two dates and, per list filter, the chosen values (as strings). */
export interface ReportForm {
  from: string;
  to: string;
  lists: Partial<Record<Exclude<ReportFilterField, 'dateRange'>, string[]>>;
}

export const EMPTY_FORM: ReportForm = { from: '', to: '', lists: {} };

/**
 * The queue selector's "Sem fila" choice (tickets without queue): a value no queue id can take, sent
 * as `withoutQueue=true` beside the chosen queues' `queueIds` (packages/shared/src/reports.ts).
 */
export const WITHOUT_QUEUE = 'none';

export type ReportFormError =
  'ERR_REPORT_DATES_REQUIRED' | 'ERR_REPORT_QUEUES_REQUIRED' | 'ERR_REPORT_SELECTION_REQUIRED' | 'ERR_REPORT_INVALID_RANGE';

/** The first problem of the form as the server would state it (SPEC §5 texts), checked before sending. */
export function formError(report: ReportName, form: ReportForm): { code: ReportFormError; field: ReportFilterField } | null {
  for (const field of REPORT_REQUIRED[report]) {
    if (field === 'dateRange') {
      if (!form.from || !form.to) return { code: 'ERR_REPORT_DATES_REQUIRED', field };
    } else if (!form.lists[field]?.length) {
      return { code: field === 'queueIds' ? 'ERR_REPORT_QUEUES_REQUIRED' : 'ERR_REPORT_SELECTION_REQUIRED', field };
    }
  }
  if (form.from && form.to) {
    const days = (Date.parse(form.to) - Date.parse(form.from)) / 86_400_000 + 1;
    if (days < 1 || days > REPORT_MAX_RANGE_DAYS) return { code: 'ERR_REPORT_INVALID_RANGE', field: 'dateRange' };
  }
  return null;
}

/** The query string of the report's own filters (lists comma-separated, empty ones left out; "Sem fila" as `withoutQueue`). */
export function toReportQuery(report: ReportName, form: ReportForm): ReportQuery {
  const query: ReportQuery = {};
  for (const field of REPORT_FILTERS[report]) {
    if (field === 'dateRange') {
      if (form.from) query.from = form.from;
      if (form.to) query.to = form.to;
    } else if (field === 'queueIds') {
      const chosen = form.lists.queueIds ?? [];
      const queueIds = chosen.filter((value) => value !== WITHOUT_QUEUE);
      if (queueIds.length) query.queueIds = queueIds.join(',');
      if (chosen.includes(WITHOUT_QUEUE)) query.withoutQueue = 'true';
    } else if (form.lists[field]?.length) {
      query[field] = form.lists[field].join(',');
    }
  }
  return query;
}

/** A duration in seconds as H:MM:SS. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
