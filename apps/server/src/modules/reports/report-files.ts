import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { REPORT_COLUMNS, type ChannelType, type ReportExportFormat, type ReportName } from '@conversa/shared';
import type { ReportRow } from './report-definition.js';

/**
 * The files of report exports, written row batch by row batch with constant memory:
 * - CSV: UTF-8 with a BOM (spreadsheet programs then read accents), `;` separated (the list
 *   separator of spreadsheets set up in Portuguese), quoted where needed (csv-stringify); a cell a
 *   spreadsheet would run as a formula is neutralised.
 * - XLSX: exceljs's streaming WorkbookWriter (rows committed as they come, inline strings, no shared
 *   string table). write-excel-file, which the contact export uses, takes the whole sheet as one
 *   array in memory (it only streams its output), so it cannot write 1,000,000 rows in constant memory.
 * Titles are Portuguese (the product's first language), like the file names.
 */

const CSV_OPTIONS = { delimiter: ';' };

/** At most this many rows in one export (below XLSX's 1,048,576 rows per sheet); a larger result fails the export with a clear message. */
export const REPORT_EXPORT_MAX_ROWS = 1_000_000;

export const REPORT_CONTENT_TYPES: Record<ReportExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export const REPORT_TITLES: Record<ReportName, string> = {
  'estatisticas-atendimentos-usuarios': 'Estatísticas de atendimentos por usuário',
  'lista-contatos': 'Lista de contatos',
  'contatos-por-etiquetas': 'Contatos por etiquetas',
  'contatos-por-estado': 'Contatos por estado',
  'contatos-por-kanban': 'Contatos por kanban',
  'contatos-por-carteira': 'Contatos por carteira',
  'atendimentos-por-parametros': 'Atendimentos por parâmetros',
};

const COLUMN_TITLES: Record<string, string> = {
  id: 'ID',
  name: 'Nome',
  email: 'E-mail',
  number: 'WhatsApp',
  pending: 'Pendentes',
  open: 'Em atendimento',
  closed: 'Resolvidos',
  total: 'Total',
  avgFirstResponseSeconds: 'Tempo médio da primeira resposta',
  avgHandlingSeconds: 'Tempo médio de atendimento',
  extraInfo: 'Informações adicionais',
  createdAt: 'Data de criação',
  tags: 'Etiquetas',
  state: 'Estado',
  lanes: 'Kanban',
  wallets: 'Carteiras',
  status: 'Status',
  connection: 'Conexão',
  lastMessage: 'Última mensagem',
  unreadMessages: 'Mensagens não lidas',
  demand: 'Motivo',
  queue: 'Fila',
  channel: 'Canal',
  value: 'Valor',
  notes: 'Notas',
};

/** Where a report names a column otherwise: the ticket report's `number` is the contact's number, not a WhatsApp. */
const REPORT_COLUMN_TITLES_OF: Partial<Record<ReportName, Record<string, string>>> = {
  'atendimentos-por-parametros': { number: 'Número', name: 'Nome do contato', queue: 'Fila' },
};

const STATUS_TITLES: Record<string, string> = { open: 'Em atendimento', pending: 'Pendente', closed: 'Resolvido', schedule: 'Agendado' };

/** The channel types' names as the product shows them (the web app's `channels.types`, Portuguese). */
export const CHANNEL_TYPE_TITLES: Record<ChannelType, string> = {
  webchat: 'Chat do site (webchat)',
  waba: 'WhatsApp oficial (WABA)',
  baileys: 'WhatsApp (Baileys)',
  whatsapp: 'WhatsApp (whatsapp-web.js)',
  meow: 'WhatsApp (WuzAPI)',
  evolution: 'Evolution API',
  telegram: 'Telegram',
  hub: 'NotificaMe Hub',
};

/** A text column whose values are codes, by the name the file shows for each. */
const CODE_TITLES: Record<string, Record<string, string>> = { status: STATUS_TITLES, channel: CHANNEL_TYPE_TITLES };

/** `Atendimentos por parâmetros 2026-12-04.xlsx` (the day in the tenant's time zone). */
export function reportFileName(report: ReportName, format: ReportExportFormat, at: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  return `${REPORT_TITLES[report]} ${day}.${format}`;
}

export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** One cell as the file shows it: dates in the tenant's time zone (dd/MM/yyyy HH:mm:ss), durations as H:MM:SS, statuses and channel types by name in Portuguese. */
function cellsOf(report: ReportName, timeZone: string) {
  const dateFormat = new Intl.DateTimeFormat('pt-BR', { timeZone, dateStyle: 'short', timeStyle: 'medium' });
  const columns = REPORT_COLUMNS[report];
  return (row: ReportRow): Array<string | number | null> =>
    columns.map(({ key, type }) => {
      const value = row[key] ?? null;
      if (value === null) return null;
      if (type === 'date') return dateFormat.format(new Date(value)).replace(',', '');
      if (type === 'duration') return formatDuration(Number(value));
      if (type === 'number') return Number(value);
      if (Object.hasOwn(CODE_TITLES, key)) return CODE_TITLES[key][String(value)] ?? String(value);
      return String(value);
    });
}

/** A cell a spreadsheet would run as a formula (=, +, -, @) is written as text. */
const neutralise = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

export interface ReportFileWriter {
  write(rows: ReportRow[]): Promise<void>;
  finish(): Promise<void>;
  abort(): Promise<void>;
}

export function openReportFile(path: string, format: ReportExportFormat, report: ReportName, timeZone: string): ReportFileWriter {
  const header = REPORT_COLUMNS[report].map(({ key }) => REPORT_COLUMN_TITLES_OF[report]?.[key] ?? COLUMN_TITLES[key] ?? key);
  const cells = cellsOf(report, timeZone);
  return format === 'csv' ? csvWriter(path, header, cells) : xlsxWriter(path, header, cells, REPORT_TITLES[report]);
}

function csvWriter(path: string, header: string[], cells: (row: ReportRow) => Array<string | number | null>): ReportFileWriter {
  const out: WriteStream = createWriteStream(path, { mode: 0o600 });
  const put = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    await put(`\ufeff${stringify([header], CSV_OPTIONS)}`);
  };
  return {
    async write(rows) {
      await start();
      const lines = rows.map((row) => cells(row).map((cell) => (typeof cell === 'string' ? neutralise(cell) : (cell ?? ''))));
      await put(stringify(lines, CSV_OPTIONS));
    },
    async finish() {
      await start();
      out.end();
      await once(out, 'finish');
    },
    async abort() {
      out.destroy();
    },
  };
}

function xlsxWriter(
  path: string,
  header: string[],
  cells: (row: ReportRow) => Array<string | number | null>,
  title: string,
): ReportFileWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useStyles: true, useSharedStrings: false });
  // A sheet name is at most 31 characters, without []:*?/\.
  const sheet = workbook.addWorksheet(title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31));
  const headerRow = sheet.addRow(header);
  headerRow.font = { bold: true };
  headerRow.commit();
  return {
    async write(rows) {
      for (const row of rows) sheet.addRow(cells(row)).commit();
    },
    async finish() {
      sheet.commit();
      await workbook.commit();
    },
    async abort() {
      try {
        sheet.commit();
        await workbook.commit();
      } catch {
        /* the file is deleted by the caller */
      }
    },
  };
}
