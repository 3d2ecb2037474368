import type { TagRef } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import type { Actor } from '../../auth/actor.js';
import { assertContactOfTenant } from '../../contacts/use-cases/assert-contact-of-tenant.js';
import { tagsToSetOrFail } from '../tag-rules.js';
import { presentTagRef } from '../tags.presenter.js';
import { contactTagIds, replaceContactTags } from '../tags.repository.js';
import { sortByName } from './set-ticket-tags.js';

/** Replaces a contact's tags; every user works with the tenant's contacts (contacts.policy). */
export async function setContactTags(ctx: AppContext, actor: Actor, contactId: number, tagIds: number[]): Promise<TagRef[]> {
  const { tenantId } = actor;
  return transact(ctx, async (tx, events) => {
    await assertContactOfTenant(tx, tenantId, contactId);
    const tags = await tagsToSetOrFail(tx, tenantId, tagIds, await contactTagIds(tx, tenantId, contactId));
    if (
      await replaceContactTags(
        tx,
        tenantId,
        contactId,
        tags.map((tag) => tag.id),
      )
    )
      events.push({ type: 'contact.changed', tenantId, contactId, action: 'update' });
    return sortByName(tags.map(presentTagRef));
  });
}
