import { parse, type Options } from 'csv-parse/sync';
import { readSheet } from 'read-excel-file/node';
import { storedZip, unpackZip, ZipRefusedError } from './bounded-zip.js';
import type { ImportedRow } from './contacts.repository.js';
import type { FieldProblem } from '../../platform/http/field-issues.js';

/**
 * The rows of a contact file, read within bounds. Pure (no database, no AppError): it runs in the
 * worker thread of contact-file-reader.ts, and a refusal crosses back as plain data.
 */

export type ContactFileFormat = 'csv' | 'xlsx';

export const MAX_IMPORT_ROWS = 50_000;
/** Longer cells are cut when read: no valid name, number or e-mail is this long, and the row is then rejected. */
const MAX_CELL_LENGTH = 500;
/** One CSV record (a line with all its cells). */
const MAX_CSV_RECORD_BYTES = 64 * 1024;
/** What the parts of an XLSX that are read (its XML) may unpack to, and how many parts it may hold. */
export const MAX_XLSX_UNPACKED_BYTES = 50 * 1024 * 1024;
const MAX_XLSX_ENTRIES = 1_000;

/** Why a file is refused: the error code and words the API answers with. */
export interface ContactFileRefusal {
  code: 'ERR_VALIDATION' | 'ERR_IMPORT_MISSING_COLUMNS' | 'ERR_PAYLOAD_TOO_LARGE';
  message?: string;
  fields?: Record<string, FieldProblem[]>;
}

/** The file's problem with the rule that names it (the web app says it in the user's language: validation.<rule>). */
const fileProblem = (message: string, rule: 'importRows' | 'importEmpty' | 'importUnreadable'): Record<string, FieldProblem[]> => ({
  file: [{ message, issue: { code: 'custom', rule } }],
});

export class ContactFileRefusedError extends Error {
  constructor(readonly refusal: ContactFileRefusal) {
    super(refusal.message ?? refusal.code);
    this.name = 'ContactFileRefusedError';
  }
}

const refuse = (refusal: ContactFileRefusal) => new ContactFileRefusedError(refusal);
const tooManyRows = () =>
  refuse({
    code: 'ERR_VALIDATION',
    message: `At most ${MAX_IMPORT_ROWS} contacts per import.`,
    fields: fileProblem(`More than ${MAX_IMPORT_ROWS} rows.`, 'importRows'),
  });

/** Headers as spreadsheets name the columns, in Portuguese and English, compared by `normalizeHeader`. */
export const HEADER_ALIASES: Record<'name' | 'number' | 'email', string[]> = {
  name: ['name', 'nome', 'nomecompleto', 'fullname', 'contato', 'contact'],
  number: [
    'number',
    'numero',
    'telefone',
    'celular',
    'whatsapp',
    'phone',
    'phonenumber',
    'mobile',
    'fone',
    'tel',
    'numerodetelefone',
    'numerowhatsapp',
  ],
  email: ['email', 'correioeletronico'],
};

const normalizeHeader = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/**
 * The rows of a contact file: a name and a number column are required (SPEC §5: Name and Number,
 * or their Portuguese names Nome and Telefone, Celular, WhatsApp, Número), E-mail is optional,
 * headers are matched without regard to case or accents, other columns are ignored. `row` is the
 * spreadsheet row number (the header is row 1); empty rows are skipped.
 */
export async function readContactRows(format: ContactFileFormat, content: Buffer): Promise<ImportedRow[]> {
  const table = format === 'csv' ? readCsv(content) : numbered(await readXlsx(content));
  const [header, ...data] = table;
  const names = (header?.row === 1 ? header.cells : []).map((cell) => normalizeHeader(cellText(cell)));
  const column = (key: keyof typeof HEADER_ALIASES) => names.findIndex((name) => HEADER_ALIASES[key].includes(name));
  const [nameColumn, numberColumn, emailColumn] = [column('name'), column('number'), column('email')];
  if (nameColumn < 0 || numberColumn < 0) throw refuse({ code: 'ERR_IMPORT_MISSING_COLUMNS' });

  const rows: ImportedRow[] = [];
  for (const { row, cells } of data) {
    const text = (at: number) => (at < 0 ? '' : cellText(cells[at]));
    const found = { row, name: text(nameColumn), number: text(numberColumn), email: text(emailColumn) };
    if (found.name || found.number || found.email) rows.push(found);
  }
  if (rows.length === 0)
    throw refuse({
      code: 'ERR_VALIDATION',
      message: 'The file has no contacts to import.',
      fields: fileProblem('No rows below the header.', 'importEmpty'),
    });
  if (rows.length > MAX_IMPORT_ROWS) throw tooManyRows();
  return rows;
}

/** The non-empty rows of a table, with their spreadsheet row numbers (from 1). */
interface NumberedRow {
  row: number;
  cells: unknown[];
}

const isEmptyRow = (cells: unknown[]) => cells.every((cell) => cell === null || cell === undefined || cell === '');
const numbered = (table: unknown[][]): NumberedRow[] =>
  table.flatMap((cells, index) => (isEmptyRow(cells) ? [] : [{ row: index + 1, cells }]));

function readCsv(content: Buffer): NumberedRow[] {
  const text = decodeText(content);
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  // Spreadsheets save CSV with ',' or, in locales with a decimal comma, ';' (or tabs): the header tells which.
  const delimiter = [';', '\t'].reduce((best, d) => (firstLine.split(d).length > firstLine.split(best).length ? d : best), ',');
  let records = 0;
  let kept = 0;
  try {
    // on_record turns each record into a NumberedRow, which csv-parse's types do not foresee.
    const parseRows = parse as unknown as (input: string, options: Options) => NumberedRow[];
    return parseRows(text, {
      bom: true,
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      trim: true,
      max_record_size: MAX_CSV_RECORD_BYTES,
      // Empty lines are dropped as they are read (a file of line breaks holds no rows), and more
      // rows than allowed stop the reading at once.
      on_record: (cells: string[]) => {
        records++;
        if (isEmptyRow(cells)) return null;
        if (++kept > MAX_IMPORT_ROWS + 1) throw tooManyRows();
        return { row: records, cells } as unknown as string[];
      },
    });
  } catch (error) {
    if (error instanceof ContactFileRefusedError) throw error;
    const tooLong = (error as { code?: string }).code === 'CSV_MAX_RECORD_SIZE';
    throw refuse({
      code: 'ERR_VALIDATION',
      message: tooLong
        ? `A line of the CSV file is longer than ${MAX_CSV_RECORD_BYTES / 1024} KB.`
        : `The CSV file could not be read: ${(error as Error).message}`,
      fields: fileProblem(tooLong ? 'A line is too long.' : 'Not a readable CSV file.', 'importUnreadable'),
    });
  }
}

const isSheetPart = (name: string) => name.endsWith('.xml') || name.endsWith('.xml.rels');

async function readXlsx(content: Buffer): Promise<unknown[][]> {
  let checked: Buffer;
  try {
    checked = storedZip(unpackZip(content, isSheetPart, { maxUnpackedBytes: MAX_XLSX_UNPACKED_BYTES, maxEntries: MAX_XLSX_ENTRIES }));
  } catch (error) {
    if (!(error instanceof ZipRefusedError)) throw error;
    if (error.reason === 'too-large') {
      throw refuse({
        code: 'ERR_PAYLOAD_TOO_LARGE',
        message: `The spreadsheet is too large to read: ${error.message}`,
        fields: fileProblem(error.message, 'importUnreadable'),
      });
    }
    throw refuse({
      code: 'ERR_VALIDATION',
      message: 'The XLSX file could not be read.',
      fields: fileProblem('Not a readable XLSX file.', 'importUnreadable'),
    });
  }
  try {
    return await readSheet(checked);
  } catch {
    throw refuse({
      code: 'ERR_VALIDATION',
      message: 'The XLSX file could not be read.',
      fields: fileProblem('Not a readable XLSX file.', 'importUnreadable'),
    });
  }
}

/** UTF-8 (with or without BOM), else Windows-1252 (Latin-1), as Excel saves "CSV" in Brazil. */
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
  else if (typeof value === 'string') text = value.slice(0, MAX_CELL_LENGTH * 2);
  else text = JSON.stringify(value).slice(0, MAX_CELL_LENGTH * 2);
  return text.trim().slice(0, MAX_CELL_LENGTH);
}
