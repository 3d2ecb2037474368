import type { AssignWalletsResult } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import type { Actor } from '../../auth/actor.js';
import { walletUsersOrFail } from '../contact-input.js';
import { contactSearchTerm } from '../contact-search.js';
import { assertCanAssignWallets } from '../contacts.policy.js';
import { assignWalletsInBulk, findTenantContactIds } from '../contacts.repository.js';
import { AppError } from '../../../platform/http/app-error.js';
import { findMissingTags } from '../../tags/use-cases/find-missing-tags.js';

export interface AssignWalletsInput {
  contactIds?: number[];
  filter?: { searchParam?: string; tagIds?: number[] };
  userIds: number[];
  mode: 'add' | 'replace';
}

/**
 * Supervisors and admins put contacts in wallets in bulk: the picked contacts, or all that match
 * the contact list's filter, get the chosen users added to their wallet users, or in their place.
 * Users, picked contacts and filter tags must be of the tenant (404 otherwise). Each changed
 * contact is pushed live.
 */
export async function assignContactWallets(ctx: AppContext, actor: Actor, input: AssignWalletsInput): Promise<AssignWalletsResult> {
  assertCanAssignWallets(actor);
  const { tenantId } = actor;
  return transact(ctx, async (tx, events) => {
    const userIds = await walletUsersOrFail(tx, tenantId, input.userIds);
    // Another tenant's contact or tag is as unknown as a missing one: refused, not silently skipped.
    if (input.contactIds) {
      const found = new Set(await findTenantContactIds(tx, tenantId, input.contactIds));
      const missing = [...new Set(input.contactIds)].filter((id) => !found.has(id));
      if (missing.length)
        throw new AppError('ERR_NO_CONTACT_FOUND', `No contact found with ID ${missing.join(', ')}.`, {
          contactIds: [`Unknown contact: ${missing.join(', ')}`],
        });
    }
    if (input.filter?.tagIds?.length) {
      const missing = await findMissingTags(tx, tenantId, input.filter.tagIds);
      if (missing.length)
        throw new AppError('ERR_NO_TAG_FOUND', `No tag found with ID ${missing.join(', ')}.`, {
          'filter.tagIds': [`Unknown tag: ${missing.join(', ')}`],
        });
    }
    const target = input.contactIds
      ? { contactIds: input.contactIds }
      : { search: contactSearchTerm(input.filter?.searchParam), tagIds: input.filter?.tagIds };
    const { matched, changedContactIds } = await assignWalletsInBulk(tx, tenantId, target, userIds, input.mode);
    for (const contactId of changedContactIds) events.push({ type: 'contact.changed', tenantId, contactId, action: 'update' });
    if (changedContactIds.length) events.push({ type: 'contact.walletsChanged', tenantId, contactIds: changedContactIds });
    return { matched, changed: changedContactIds.length };
  });
}
