import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import type { ContactWithWallets } from '../contact-input.js';
import { contactSearchTerm } from '../contact-search.js';
import { tagsOfContacts } from '../../tags/use-cases/tags-of-contacts.js';
import { listContacts as listContactRows, listWalletUserIdsByContact } from '../contacts.repository.js';
import { CONTACTS_PAGE_SIZE } from '../contacts.schemas.js';

/** A page of the tenant's contacts by name, searched by name, number or e-mail, or carrying any of `tagIds`. */
export async function listContacts(
  ctx: AppContext,
  actor: Actor,
  input: { searchParam?: string; pageNumber: number; tagIds?: number[] },
): Promise<{ contacts: ContactWithWallets[]; count: number; hasMore: boolean }> {
  const offset = (input.pageNumber - 1) * CONTACTS_PAGE_SIZE;
  const { rows, total } = await listContactRows(ctx.db, actor.tenantId, {
    search: contactSearchTerm(input.searchParam),
    limit: CONTACTS_PAGE_SIZE,
    offset,
    tagIds: input.tagIds,
  });
  const ids = rows.map((r) => r.id);
  const wallets = await listWalletUserIdsByContact(ctx.db, actor.tenantId, ids);
  const tags = await tagsOfContacts(ctx.db, actor.tenantId, ids);
  return {
    contacts: rows.map((contact) => ({ contact, wallets: wallets.get(contact.id) ?? [], tags: tags.get(contact.id) ?? [] })),
    count: total,
    hasMore: offset + rows.length < total,
  };
}
