import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import type { ContactWithWallets } from '../contact-input.js';
import { tagsOfContacts } from '../../tags/use-cases/tags-of-contacts.js';
import { listContactWalletUserIds, updateContact } from '../contacts.repository.js';

/**
 * SPEC §6: contacts can be blocked (their messages are stored but open no ticket) and blocked
 * from the chatbot. Either flag, or both.
 */
export async function blockContact(
  ctx: AppContext,
  actor: Actor,
  contactId: number,
  flags: { blocked?: boolean; chatbotBlocked?: boolean },
): Promise<ContactWithWallets> {
  const { tenantId } = actor;
  return transact(ctx, async (tx, events) => {
    const contact = await updateContact(tx, tenantId, contactId, {
      ...(flags.blocked !== undefined ? { blocked: flags.blocked } : {}),
      ...(flags.chatbotBlocked !== undefined ? { chatbotBlocked: flags.chatbotBlocked } : {}),
    });
    if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
    events.push({ type: 'contact.changed', tenantId, contactId, action: 'update' });
    return {
      contact,
      wallets: await listContactWalletUserIds(tx, tenantId, contactId),
      tags: (await tagsOfContacts(tx, tenantId, [contactId])).get(contactId) ?? [],
    };
  });
}
