import type { Db } from '../../../platform/db/client.js';
import { AppError } from '../../../platform/http/app-error.js';
import { readContactFile } from '../contact-file-reader.js';
import { contactSearchTerm } from '../contact-search.js';
import { contactFileFormat, MAX_IMPORT_BYTES } from '../contact-files.js';
import { contactIdsSelection, ensureContactsByNumber, findTenantContactIds } from '../contacts.repository.js';
import { checkRow, type RejectionCode } from './run-contact-import.js';

export type ContactSelectionTarget = { contactIds: number[] } | { searchParam?: string; tagIds?: number[] };

/**
 * The tenant's contacts picked by id or matching the contact list's filter (search by name, number
 * or e-mail; any of the tags), as a subquery of their ids, for another module to link them in one
 * INSERT … SELECT (campaigns). A picked id that is not the tenant's contact is refused (404), not skipped.
 */
export async function contactSelection(
  db: Db,
  tenantId: number,
  target: ContactSelectionTarget,
): Promise<ReturnType<typeof contactIdsSelection>> {
  if ('contactIds' in target) {
    const unique = [...new Set(target.contactIds)];
    if ((await findTenantContactIds(db, tenantId, unique)).length !== unique.length) throw new AppError('ERR_NO_CONTACT_FOUND');
    return contactIdsSelection(tenantId, { contactIds: unique });
  }
  return contactIdsSelection(tenantId, { search: contactSearchTerm(target.searchParam), tagIds: target.tagIds });
}

export interface ContactFileSelection {
  contacts: Array<{ name: string; number: string; email: string | null }>;
  rows: number;
  rejected: Partial<Record<RejectionCode, number>>;
}

/**
 * The contacts of an uploaded file (CSV or XLSX with the Name and Number columns of the import,
 * read by the bounded reader in a child process; call it outside any transaction). Rows the import
 * would refuse are counted by reason.
 */
export async function readContactSelectionFile(file: { name: string; mimetype: string; content: Buffer }): Promise<ContactFileSelection> {
  if (file.content.length > MAX_IMPORT_BYTES) throw new AppError('ERR_PAYLOAD_TOO_LARGE', 'The file is too large.');
  const format = contactFileFormat(file.name, file.mimetype, file.content);
  if (!format) throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE', 'Send a CSV or XLSX file with the columns Name and Number.');
  const rows = await readContactFile(format, file.content);
  const rejected: Partial<Record<RejectionCode, number>> = {};
  const valid = new Map<string, { name: string; number: string; email: string | null }>();
  for (const row of rows) {
    const checked = checkRow(row);
    if ('rejected' in checked) rejected[checked.rejected] = (rejected[checked.rejected] ?? 0) + 1;
    else if (!valid.has(checked.number)) valid.set(checked.number, checked);
  }
  return { contacts: [...valid.values()], rows: rows.length, rejected };
}

/** The ids of the tenant's contacts of a file's numbers, created (as the file names them) where missing. */
export async function ensureSelectionContacts(tx: Db, tenantId: number, selection: ContactFileSelection): Promise<number[]> {
  return ensureContactsByNumber(tx, tenantId, selection.contacts);
}
