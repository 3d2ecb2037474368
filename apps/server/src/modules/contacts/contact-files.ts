import { stringify } from 'csv-stringify/sync';
import writeXlsxFile, { type SheetData } from 'write-excel-file/node';
import { formatBirthday, type CampaignContactStatus } from '@conversa/shared';
import type { ContactFileFormat } from './contact-file-rows.js';
import type { ContactRow } from './contacts.repository.js';

/**
 * The contact files of import and export (CSV and XLSX): which format an upload is, and the export
 * file. No database here; the rows of an import are read by contact-file-reader.ts.
 */

export type { ContactFileFormat };
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CSV_TYPES = new Set([
  'text/csv',
  'text/plain',
  'application/csv',
  'text/comma-separated-values',
  'application/vnd.ms-excel',
  'application/octet-stream',
]);

/** CSV or XLSX, from the content (XLSX is a zip) and the name; undefined for anything else. */
export function contactFileFormat(fileName: string, mimetype: string, content: Buffer): ContactFileFormat | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (content.subarray(0, 4).equals(ZIP_MAGIC)) return extension === 'xlsx' || extension === undefined ? 'xlsx' : undefined;
  if (extension === 'csv' || extension === 'txt' || (extension === undefined && CSV_TYPES.has(mimetype))) return 'csv';
  return undefined;
}

// ---- export ----

// In Portuguese (SPEC: Portuguese first); Nome, Número and E-mail are headers the import reads.
const EXPORT_COLUMNS: Array<[string, (c: ContactRow) => string | null]> = [
  ['Nome', (c) => c.name],
  ['Número', (c) => c.number],
  ['E-mail', (c) => c.email],
  ['CPF/CNPJ', (c) => c.identity],
  // As typed in the contact form (SPEC §5 dd/MM/yyyy, or dd/MM when the year is not known).
  ['Aniversário', (c) => formatBirthday(c.birthday) || null],
  ['Primeiro nome', (c) => c.firstName],
  ['Sobrenome', (c) => c.lastName],
  ['Empresa', (c) => c.businessName],
  ['Bloqueado', (c) => (c.blocked ? 'sim' : 'não')],
];

export const EXPORT_HEADER = EXPORT_COLUMNS.map(([title]) => title);

/**
 * What happened to each recipient of a send (campaigns, mass sends: the same statuses), as their
 * report files say it (in Portuguese, as every export).
 */
export const DELIVERY_STATUS_TITLES: Record<CampaignContactStatus, string> = {
  waiting: 'Aguardando',
  pending: 'Na fila de envio',
  sent: 'Enviada',
  delivered: 'Entregue',
  read: 'Lida',
  failed: 'Falhou',
  unconfirmed: 'Não confirmada',
  skipped: 'Sem envio',
};

export const CONTENT_TYPES: Record<ContactFileFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A cell a spreadsheet would run as a formula (=, +, -, @) is written as text. */
const neutralise = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** The exported file: the header of EXPORT_HEADER, then one row per contact; re-importable. */
export async function writeContactFile(format: ContactFileFormat, contacts: ContactRow[]): Promise<Buffer> {
  return writeTableFile(
    format,
    EXPORT_HEADER,
    contacts.map((contact) => EXPORT_COLUMNS.map(([, value]) => value(contact))),
    'Contacts',
  );
}

/**
 * A table as a CSV or XLSX file: a bold header, then the rows as text. The CSV is UTF-8 with a BOM
 * (spreadsheet programs then read accents) and `;` separated, the list separator of spreadsheets
 * set up in Portuguese (with `,` they show every row in one column); a cell a spreadsheet would run
 * as a formula is neutralised. Also the campaigns' and mass sends' report exports.
 */
export async function writeTableFile(
  format: ContactFileFormat,
  header: string[],
  rows: Array<Array<string | null>>,
  sheet: string,
): Promise<Buffer> {
  if (format === 'csv') {
    const lines = rows.map((row) => row.map((cell) => neutralise(cell ?? '')));
    return Buffer.from(`\uFEFF${stringify([header, ...lines], { delimiter: ';' })}`, 'utf8');
  }
  const data: SheetData = [
    header.map((title) => ({ value: title, fontWeight: 'bold' as const })),
    ...rows.map((row) => row.map((cell) => ({ value: cell ?? undefined, type: String }))),
  ];
  return writeXlsxFile(data, { sheet }).toBuffer();
}
