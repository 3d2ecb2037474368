import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import type { Actor } from '../../auth/actor.js';
import { contactChanges, type ContactWithWallets, walletUsersOrFail, withDuplicateCheck } from '../contact-input.js';
import { addContactWallets, insertContact, insertContactLogged } from '../contacts.repository.js';
import type { CreateContactInput } from '../contacts.schemas.js';

export async function createContact(ctx: AppContext, actor: Actor, input: CreateContactInput): Promise<ContactWithWallets> {
  const { tenantId } = actor;
  const values = { ...contactChanges(input), name: input.name };
  if (!input.wallets?.length) {
    // The common case in one statement, its event logged with it (no transaction to open).
    const { contact, eventId } = await withDuplicateCheck(() => insertContactLogged(ctx.db, tenantId, values));
    ctx.events.relay([
      { id: eventId, event: { type: 'contact.changed', tenantId, contactId: contact.id, action: 'create', stored: { contact, tags: [] } } },
    ]);
    return { contact, wallets: [], tags: [] };
  }
  const walletIds = input.wallets;
  return withDuplicateCheck(() =>
    transact(ctx, async (tx, events) => {
      const wallets = await walletUsersOrFail(tx, tenantId, walletIds);
      const contact = await insertContact(tx, tenantId, values);
      await addContactWallets(tx, tenantId, contact.id, wallets);
      // A new contact has no tags: the event carries it whole.
      events.push({ type: 'contact.changed', tenantId, contactId: contact.id, action: 'create', stored: { contact, tags: [] } });
      return { contact, wallets, tags: [] };
    }),
  );
}
