import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { readContactFile } from '../contact-file-reader.js';
import { contactFileFormat } from '../contact-files.js';
import { assertCanTransferContacts } from '../contacts.policy.js';
import { insertContactImport, type ContactImportRow } from '../contacts.repository.js';

export interface ContactFile {
  fileName: string;
  mimetype: string;
  content: Buffer;
}

/**
 * Reads the file at once, off the event loop and within bounds (CSV or XLSX, columns Name and
 * Number; a refused file is a 4xx and starts nothing) and leaves its rows to the durable
 * 'contacts.import' job, enqueued in the same transaction: the import runs even if this node stops.
 */
export async function startContactImport(ctx: AppContext, actor: Actor, file: ContactFile): Promise<ContactImportRow> {
  assertCanTransferContacts(actor);
  const format = contactFileFormat(file.fileName, file.mimetype, file.content);
  if (!format)
    throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE', 'Send a CSV or XLSX file.', { file: ['Only CSV and XLSX files can be imported.'] });
  const rows = await readContactFile(format, file.content);
  return ctx.db.transaction(async (tx) => {
    const record = await insertContactImport(tx, actor.tenantId, {
      id: randomUUID(),
      userId: actor.userId,
      fileName: file.fileName.slice(0, 255),
      rows,
    });
    await ctx.jobs.send('contacts.import', { tenantId: actor.tenantId, importId: record.id }, { tx });
    return record;
  });
}
