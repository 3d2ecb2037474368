import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { readSheet } from 'read-excel-file/node';
import writeXlsxFile, { type SheetData } from 'write-excel-file/node';
import { AppError } from '../../platform/http/app-error.js';
import type { ContactRow, ImportedRow } from './contacts.repository.js';

/** Reading and writing the contact files of import and export (CSV and XLSX). No database here. */

export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 50_000;
/** Longer cells are cut when read: no valid name, number or e-mail is this long, and the row is then rejected. */
const MAX_CELL_LENGTH = 500;

export type ContactFileFormat = 'csv' | 'xlsx';

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

const HEADER_ALIASES: Record<'name' | 'number' | 'email', string[]> = {
  name: ['name', 'nome'],
  number: ['number', 'numero'],
  email: ['email'],
};

const normalizeHeader = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/**
 * The rows of a contact file: columns Name and Number are required (SPEC §5), Email is optional,
 * headers are matched without regard to case or accents, other columns are ignored. `row` is the
 * spreadsheet row number (the header is row 1); empty rows are skipped.
 */
export async function readContactFile(format: ContactFileFormat, content: Buffer): Promise<ImportedRow[]> {
  const table = format === 'csv' ? readCsv(content) : await readXlsx(content);
  const [header = [], ...data] = table;
  const names = header.map((cell) => normalizeHeader(cellText(cell)));
  const column = (key: keyof typeof HEADER_ALIASES) => names.findIndex((name) => HEADER_ALIASES[key].includes(name));
  const [nameColumn, numberColumn, emailColumn] = [column('name'), column('number'), column('email')];
  if (nameColumn < 0 || numberColumn < 0) throw new AppError('ERR_IMPORT_MISSING_COLUMNS');

  const rows: ImportedRow[] = [];
  data.forEach((cells, index) => {
    const text = (at: number) => (at < 0 ? '' : cellText(cells[at]));
    const row = { row: index + 2, name: text(nameColumn), number: text(numberColumn), email: text(emailColumn) };
    if (row.name || row.number || row.email) rows.push(row);
  });
  if (rows.length === 0)
    throw new AppError('ERR_VALIDATION', 'The file has no contacts to import.', { file: ['No rows below the header.'] });
  if (rows.length > MAX_IMPORT_ROWS)
    throw new AppError('ERR_VALIDATION', `At most ${MAX_IMPORT_ROWS} contacts per import.`, { file: [`Too many rows (${rows.length}).`] });
  return rows;
}

function readCsv(content: Buffer): string[][] {
  const text = decodeText(content);
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  // Spreadsheets save CSV with ',' or, in locales with a decimal comma, ';' (or tabs): the header tells which.
  const delimiter = [';', '\t'].reduce((best, d) => (firstLine.split(d).length > firstLine.split(best).length ? d : best), ',');
  try {
    return parse(text, { bom: true, delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: false, trim: true });
  } catch (error) {
    throw new AppError('ERR_VALIDATION', `The CSV file could not be read: ${(error as Error).message}`, {
      file: ['Not a readable CSV file.'],
    });
  }
}

async function readXlsx(content: Buffer): Promise<unknown[][]> {
  try {
    return await readSheet(content);
  } catch {
    throw new AppError('ERR_VALIDATION', 'The XLSX file could not be read.', { file: ['Not a readable XLSX file.'] });
  }
}

/** UTF-8 (with or without BOM), else Windows-1252 as older spreadsheet programs write it. */
function decodeText(content: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    return new TextDecoder('windows-1252').decode(content);
  }
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (value instanceof Date) text = value.toISOString().slice(0, 10);
  else if (typeof value === 'number') text = Number.isInteger(value) ? value.toFixed(0) : String(value);
  else if (typeof value === 'string') text = value;
  else text = JSON.stringify(value);
  return text.trim().slice(0, MAX_CELL_LENGTH);
}

// ---- export ----

const EXPORT_COLUMNS: Array<[string, (c: ContactRow) => string | null]> = [
  ['Name', (c) => c.name],
  ['Number', (c) => c.number],
  ['Email', (c) => c.email],
  ['CPF/CNPJ', (c) => c.identity],
  ['Birthday', (c) => c.birthday],
  ['First name', (c) => c.firstName],
  ['Last name', (c) => c.lastName],
  ['Business name', (c) => c.businessName],
  ['Blocked', (c) => (c.blocked ? 'yes' : 'no')],
];

export const EXPORT_HEADER = EXPORT_COLUMNS.map(([title]) => title);

export const CONTENT_TYPES: Record<ContactFileFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A cell a spreadsheet would run as a formula (=, +, -, @) is written as text. */
const neutralise = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** The exported file: the header of EXPORT_HEADER, then one row per contact; re-importable. */
export async function writeContactFile(format: ContactFileFormat, contacts: ContactRow[]): Promise<Buffer> {
  if (format === 'csv') {
    const rows = contacts.map((contact) => EXPORT_COLUMNS.map(([, value]) => neutralise(value(contact) ?? '')));
    // The BOM makes spreadsheet programs read the file as UTF-8 (accents in names).
    return Buffer.from(`\uFEFF${stringify([EXPORT_HEADER, ...rows])}`, 'utf8');
  }
  const sheet: SheetData = [
    EXPORT_HEADER.map((title) => ({ value: title, fontWeight: 'bold' as const })),
    ...contacts.map((contact) => EXPORT_COLUMNS.map(([, value]) => ({ value: value(contact) ?? undefined, type: String }))),
  ];
  return writeXlsxFile(sheet, { sheet: 'Contacts' }).toBuffer();
}
