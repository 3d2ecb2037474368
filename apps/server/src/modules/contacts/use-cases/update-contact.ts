import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { contactChanges, type ContactWithWallets, walletUsersOrFail, withDuplicateCheck } from '../contact-input.js';
import { tagsOfContacts } from '../../tags/use-cases/tags-of-contacts.js';
import { listContactWalletUserIds, setContactWallets, updateContact as updateContactRow } from '../contacts.repository.js';
import type { UpdateContactInput } from '../contacts.schemas.js';

/** Edits a contact (also its blocked flags and wallets); fields left out stay as they are. */
export async function updateContact(
  ctx: AppContext,
  actor: Actor,
  contactId: number,
  input: UpdateContactInput,
): Promise<ContactWithWallets> {
  const { tenantId } = actor;
  const changes = contactChanges(input);
  return withDuplicateCheck(() =>
    transact(ctx, async (tx, events) => {
      const contact = await updateContactRow(tx, tenantId, contactId, changes);
      if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
      const walletsBefore = input.wallets ? await listContactWalletUserIds(tx, tenantId, contactId) : undefined;
      if (input.wallets) await setContactWallets(tx, tenantId, contactId, await walletUsersOrFail(tx, tenantId, input.wallets));
      const wallets = await listContactWalletUserIds(tx, tenantId, contactId);
      events.push({ type: 'contact.changed', tenantId, contactId, action: 'update' });
      if (walletsBefore && !sameIds(walletsBefore, wallets))
        events.push({ type: 'contact.walletsChanged', tenantId, contactIds: [contactId] });
      return {
        contact,
        wallets,
        tags: (await tagsOfContacts(tx, tenantId, [contactId])).get(contactId) ?? [],
      };
    }),
  );
}

const sameIds = (a: number[], b: number[]) => {
  const key = (ids: number[]) => [...ids].sort((x, y) => x - y).join(',');
  return key(a) === key(b);
};
