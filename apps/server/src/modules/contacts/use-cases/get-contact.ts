import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import type { ContactWithWallets } from '../contact-input.js';
import { tagsOfContacts } from '../../tags/use-cases/tags-of-contacts.js';
import { findContactById, listContactWalletUserIds } from '../contacts.repository.js';

export async function getContact(ctx: AppContext, actor: Actor, contactId: number): Promise<ContactWithWallets> {
  const contact = await findContactById(ctx.db, actor.tenantId, contactId);
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
  const wallets = await listContactWalletUserIds(ctx.db, actor.tenantId, contactId);
  const tags = await tagsOfContacts(ctx.db, actor.tenantId, [contactId]);
  return { contact, wallets, tags: tags.get(contactId) ?? [] };
}
