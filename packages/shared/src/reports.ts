import { z } from 'zod';
import { idListQuery } from './id-list.js';
import { REPORT_NAMES, type ReportName } from './enums.js';

/**
 * The reports of `/relatorios` (SPEC §2 children, §3 "Report columns", §5 validation): their
 * names, the filters each one takes, the columns each one shows and exports. Shared by the
 * server's routes (`GET /reports/{report}`, exports) and the report screens, which render a
 * report's filter form from `REPORT_FILTERS` and its table from `REPORT_COLUMNS`.
 */

/** The filter fields a report form may show (each report lists its own in `REPORT_FILTERS`). */
export type ReportFilterField =
  'dateRange' | 'queueIds' | 'channelIds' | 'userIds' | 'statuses' | 'tagIds' | 'laneIds' | 'walletUserIds' | 'states' | 'demandIds';

/**
 * Filter fields each report takes; those in `REPORT_REQUIRED` must be filled (SPEC §5). The
 * `queueIds` field is the queue selector: its queues (`queueIds`) and its "no queue" choice (`withoutQueue`).
 */
export const REPORT_FILTERS: Record<ReportName, readonly ReportFilterField[]> = {
  'estatisticas-atendimentos-usuarios': ['dateRange', 'queueIds'],
  'lista-contatos': ['dateRange'],
  'contatos-por-etiquetas': ['tagIds'],
  'contatos-por-estado': ['states'],
  'contatos-por-kanban': ['laneIds'],
  'contatos-por-carteira': ['walletUserIds'],
  'atendimentos-por-parametros': ['dateRange', 'statuses', 'queueIds', 'channelIds', 'userIds', 'tagIds', 'laneIds', 'demandIds'],
};

export const REPORT_REQUIRED: Record<ReportName, readonly ReportFilterField[]> = {
  'estatisticas-atendimentos-usuarios': ['dateRange', 'queueIds'],
  'lista-contatos': [],
  'contatos-por-etiquetas': ['tagIds'],
  'contatos-por-estado': ['states'],
  'contatos-por-kanban': ['laneIds'],
  'contatos-por-carteira': ['walletUserIds'],
  'atendimentos-por-parametros': ['dateRange', 'queueIds'],
};

/** Brazilian states (UF), the values of the `states` filter (the state comes from the phone's area code). */
export const BRAZIL_STATES = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const;
export type BrazilState = (typeof BRAZIL_STATES)[number];

export const TICKET_REPORT_STATUSES = ['open', 'pending', 'closed'] as const;

/**
 * Error codes of report requests (SPEC §5 texts): the server answers 400 with one of them; the
 * screen shows the translated text before sending when it can.
 */
export const REPORT_ERROR_STATUS = {
  /** 'Please fill in the dates to generate the report.' */
  ERR_REPORT_DATES_REQUIRED: 400,
  /** 'Select queues to generate the report.' */
  ERR_REPORT_QUEUES_REQUIRED: 400,
  /** Wallet, state, tag and kanban reports: at least one selection. */
  ERR_REPORT_SELECTION_REQUIRED: 400,
  /** The range's end before its start, or longer than REPORT_MAX_RANGE_DAYS. */
  ERR_REPORT_INVALID_RANGE: 400,
  ERR_REPORT_EXPORT_NOT_FOUND: 404,
  /** The export is not finished (or failed): nothing to download yet. */
  ERR_REPORT_EXPORT_NOT_READY: 409,
} as const;

export const REPORT_ERROR_MESSAGES: Record<keyof typeof REPORT_ERROR_STATUS, string> = {
  ERR_REPORT_DATES_REQUIRED: 'Please fill in the dates to generate the report.',
  ERR_REPORT_QUEUES_REQUIRED: 'Select queues to generate the report.',
  ERR_REPORT_SELECTION_REQUIRED: 'Select at least one item to generate the report.',
  ERR_REPORT_INVALID_RANGE: 'The end date must not come before the start date (at most 366 days).',
  ERR_REPORT_EXPORT_NOT_FOUND: 'Export not found.',
  ERR_REPORT_EXPORT_NOT_READY: 'The export is not ready yet.',
};

export const REPORT_MAX_RANGE_DAYS = 366;
export const REPORT_PAGE_SIZES = [25, 50, 100] as const;

const idList = idListQuery(500);

const enumList = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return undefined;
      const parts = (Array.isArray(value) ? value : value.split(',')).map((part) => part.trim()).filter(Boolean);
      const bad = parts.filter((part) => !(values as readonly string[]).includes(part));
      if (bad.length > 0) {
        ctx.addIssue({ code: 'custom', message: `Unknown values: ${bad.join(', ')}. Allowed: ${values.join(', ')}.` });
        return z.NEVER;
      }
      return [...new Set(parts)] as T[number][];
    });

/**
 * Every filter any report takes, as a query string (lists comma-separated). A report reads the
 * fields of its `REPORT_FILTERS` entry and ignores the others; required ones are checked by the
 * server with the codes above (not by this schema, so that the answer carries the SPEC's text).
 * `from`/`to` are calendar days (YYYY-MM-DD) in the tenant's time zone, both included.
 */
export const reportFiltersSchema = z.object({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  queueIds: idList,
  /**
   * The tickets without a queue (queue_id null: a channel without queue, a ticket the bot has not
   * routed yet), alone or besides `queueIds`. Part of the `queueIds` field: either one fills the
   * "queues required" rule (ERR_REPORT_QUEUES_REQUIRED).
   */
  withoutQueue: z.stringbool().optional(),
  channelIds: idList,
  userIds: idList,
  statuses: enumList(TICKET_REPORT_STATUSES),
  tagIds: idList,
  laneIds: idList,
  walletUserIds: idList,
  states: enumList(BRAZIL_STATES),
  demandIds: idList,
});
export type ReportFilters = z.output<typeof reportFiltersSchema>;

/** `GET /reports/{report}`: the filters plus the page and the sort (a column key of the report). */
export const reportPageQuerySchema = reportFiltersSchema.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((size) => (REPORT_PAGE_SIZES as readonly number[]).includes(size), 'One of 25, 50, 100.')
    .default(25),
  sort: z.string().max(64).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
});

/** A report's rows: every value already presented (text, number, ISO date, or null). */
export const reportPageSchema = z.object({
  report: z.enum(REPORT_NAMES),
  columns: z.array(z.object({ key: z.string(), type: z.enum(['text', 'number', 'date', 'duration']) })),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ReportPage = z.infer<typeof reportPageSchema>;

export const REPORT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ReportExportFormat = (typeof REPORT_EXPORT_FORMATS)[number];

/** `POST /reports/{report}/exports` body: the same filters as the screen (as given in its query), and the format. */
export const reportExportBodySchema = z.object({
  format: z.enum(REPORT_EXPORT_FORMATS),
  filters: z.record(z.string(), z.union([z.string(), z.array(z.string())])).default({}),
  sort: z.string().max(64).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
});

export const REPORT_EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

/** An export as `GET /reports/exports/{id}` and the `report:export` socket event show it. */
export const reportExportSchema = z.object({
  id: z.string(),
  report: z.enum(REPORT_NAMES),
  format: z.enum(REPORT_EXPORT_FORMATS),
  status: z.enum(REPORT_EXPORT_STATUSES),
  /** Rows written so far, and the total when known. */
  rowsDone: z.number().int(),
  rowsTotal: z.number().int().nullable(),
  error: z.string().nullable(),
  /** When done: `GET` it (authenticated) to download the file. */
  downloadUrl: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ReportExport = z.infer<typeof reportExportSchema>;

/**
 * The columns of each report (SPEC §3 "Report columns"), in order; the screens translate
 * `reports.columns.<key>`. Contact reports add their grouping column after name, WhatsApp, e-mail.
 */
export const REPORT_COLUMNS: Record<ReportName, readonly { key: string; type: 'text' | 'number' | 'date' | 'duration' }[]> = {
  'estatisticas-atendimentos-usuarios': [
    { key: 'name', type: 'text' },
    { key: 'email', type: 'text' },
    { key: 'pending', type: 'number' },
    { key: 'open', type: 'number' },
    { key: 'closed', type: 'number' },
    { key: 'total', type: 'number' },
    { key: 'avgFirstResponseSeconds', type: 'duration' },
    { key: 'avgHandlingSeconds', type: 'duration' },
  ],
  'lista-contatos': [
    { key: 'name', type: 'text' },
    { key: 'number', type: 'text' },
    { key: 'email', type: 'text' },
    { key: 'extraInfo', type: 'text' },
    { key: 'createdAt', type: 'date' },
  ],
  'contatos-por-etiquetas': [
    { key: 'name', type: 'text' },
    { key: 'number', type: 'text' },
    { key: 'email', type: 'text' },
    { key: 'tags', type: 'text' },
  ],
  'contatos-por-estado': [
    { key: 'name', type: 'text' },
    { key: 'number', type: 'text' },
    { key: 'email', type: 'text' },
    { key: 'state', type: 'text' },
  ],
  'contatos-por-kanban': [
    { key: 'name', type: 'text' },
    { key: 'number', type: 'text' },
    { key: 'email', type: 'text' },
    { key: 'lanes', type: 'text' },
  ],
  'contatos-por-carteira': [
    { key: 'name', type: 'text' },
    { key: 'number', type: 'text' },
    { key: 'email', type: 'text' },
    { key: 'wallets', type: 'text' },
  ],
  'atendimentos-por-parametros': [
    { key: 'id', type: 'number' },
    { key: 'status', type: 'text' },
    { key: 'name', type: 'text' },
    { key: 'number', type: 'text' },
    { key: 'connection', type: 'text' },
    { key: 'lastMessage', type: 'text' },
    { key: 'unreadMessages', type: 'number' },
    { key: 'demand', type: 'text' },
    { key: 'queue', type: 'text' },
    { key: 'channel', type: 'text' },
    { key: 'value', type: 'number' },
    { key: 'notes', type: 'text' },
    { key: 'createdAt', type: 'date' },
  ],
};

export { REPORT_EXPORT_SOCKET_EVENT } from './report-events.js';
