import { emailSchema } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import {
  findContactImport,
  insertContactIfAbsent,
  markContactImportFailed,
  recordContactImportProgress,
  type ImportedRow,
  type RejectedRow,
} from '../contacts.repository.js';
import { checkPhoneNumber, PHONE_PROBLEMS } from '../phone-number.js';

/** Rows per transaction; progress is recorded and published after each batch. */
export const IMPORT_BATCH_SIZE = 100;

/** Why a row was not imported: `code` for the web app to translate, `reason` in words. */
export const REJECTION_REASONS = {
  name: 'Name is required (at most 200 characters).',
  numberMissing: 'Number is required.',
  number: PHONE_PROBLEMS.invalid,
  countryCode: PHONE_PROBLEMS.countryCode,
  email: 'Invalid e-mail.',
  duplicate: 'A contact with this number already exists.',
  repeated: 'The same number is on an earlier row of this file.',
} as const;
export type RejectionCode = keyof typeof REJECTION_REASONS;

const rejection = (row: ImportedRow, code: RejectionCode): RejectedRow => ({ row: row.row, code, reason: REJECTION_REASONS[code] });

/**
 * The work of the 'contacts.import' job: inserts the rows one by one, skipping invalid numbers and
 * numbers the tenant already has (the unique index decides), and records the rejected rows with
 * their reason. Each batch commits with its progress, so a retried job resumes where it stopped;
 * each batch publishes a 'contacts.import' event that reaches the importing user's sockets.
 */
export async function runContactImport(ctx: AppContext, input: { tenantId: number; importId: string }): Promise<void> {
  const { tenantId, importId } = input;
  const record = await findContactImport(ctx.db, tenantId, importId);
  if (!record || record.status === 'finished' || record.status === 'failed') return;
  const rows = record.rows ?? [];
  let start = record.done;
  // The numbers of the file's rows before this one: a repeated row is told as such, not as a
  // contact the company already had (rows done before a retry included).
  const earlier = new Set<string>();
  for (const row of rows.slice(0, start)) {
    const checked = checkRow(row);
    if (!('rejected' in checked)) earlier.add(checked.number);
  }
  do {
    const batch = rows.slice(start, start + IMPORT_BATCH_SIZE);
    const done = start + batch.length;
    await transact(ctx, async (tx, events) => {
      const rejected: RejectedRow[] = [];
      let imported = 0;
      for (const row of batch) {
        const checked = checkRow(row);
        if ('rejected' in checked) {
          rejected.push(rejection(row, checked.rejected));
          continue;
        }
        if (earlier.has(checked.number)) {
          rejected.push(rejection(row, 'repeated'));
          continue;
        }
        earlier.add(checked.number);
        const contact = await insertContactIfAbsent(tx, tenantId, checked);
        if (contact) imported++;
        else rejected.push(rejection(row, 'duplicate'));
      }
      const finished = done >= rows.length;
      const totals = await recordContactImportProgress(tx, tenantId, importId, { done, imported, rejected, finished });
      if (totals && record.userId !== null) {
        events.push({
          type: 'contacts.import',
          tenantId,
          userId: record.userId,
          progress: { done: totals.done, total: record.total, rejected: totals.rejected, finished },
        });
      }
    });
    start = done;
  } while (start < rows.length);
}

/** After the last retry the import is marked failed, so that its report does not wait forever. */
export async function failContactImport(ctx: AppContext, input: { tenantId: number; importId: string }): Promise<void> {
  const record = await findContactImport(ctx.db, input.tenantId, input.importId);
  if (!record || record.status === 'finished') return;
  await transact(ctx, async (tx, events) => {
    await markContactImportFailed(tx, input.tenantId, input.importId);
    if (record.userId !== null) {
      events.push({
        type: 'contacts.import',
        tenantId: input.tenantId,
        userId: record.userId,
        progress: { done: record.done, total: record.total, rejected: record.rejected.length, finished: true },
      });
    }
  });
}

/** A file row checked as the import checks it: the contact to write, or why it is refused. */
export function checkRow(row: ImportedRow): { name: string; number: string; email: string | null } | { rejected: RejectionCode } {
  const name = row.name.trim();
  if (!name || name.length > 200) return { rejected: 'name' };
  if (!row.number.trim()) return { rejected: 'numberMissing' };
  const phone = checkPhoneNumber(row.number);
  if ('problem' in phone) return { rejected: phone.problem === 'countryCode' ? 'countryCode' : 'number' };
  const { number } = phone;
  let email: string | null = null;
  if (row.email) {
    const parsed = emailSchema.safeParse(row.email);
    if (!parsed.success) return { rejected: 'email' };
    email = parsed.data;
  }
  return { name, number, email };
}
