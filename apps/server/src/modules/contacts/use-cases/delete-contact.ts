import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanDeleteContact } from '../contacts.policy.js';
import { deleteContact as deleteContactRow } from '../contacts.repository.js';

/** Deletes a contact with its tickets and messages (the confirmation is the web app's). */
export async function deleteContact(ctx: AppContext, actor: Actor, contactId: number): Promise<void> {
  assertCanDeleteContact(actor);
  const { tenantId } = actor;
  await transact(ctx, async (tx, events) => {
    if (!(await deleteContactRow(tx, tenantId, contactId))) throw new AppError('ERR_NO_CONTACT_FOUND');
    events.push({ type: 'contact.changed', tenantId, contactId, action: 'delete' });
  });
}
