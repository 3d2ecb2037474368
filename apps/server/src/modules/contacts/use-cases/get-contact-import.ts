import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanTransferContacts } from '../contacts.policy.js';
import { findContactImport, type ContactImportRow } from '../contacts.repository.js';

/** The progress and report of rejected rows of an import of the actor's tenant. */
export async function getContactImport(ctx: AppContext, actor: Actor, importId: string): Promise<ContactImportRow> {
  assertCanTransferContacts(actor);
  const record = await findContactImport(ctx.db, actor.tenantId, importId);
  if (!record) throw new AppError('ERR_NO_IMPORT_FOUND');
  return record;
}
