import type { AssignWalletsResult } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import type { Actor } from '../../auth/actor.js';
import { walletUsersOrFail } from '../contact-input.js';
import { contactSearchTerm } from '../contact-search.js';
import { assertCanAssignWallets } from '../contacts.policy.js';
import { assignWalletsInBulk } from '../contacts.repository.js';

export interface AssignWalletsInput {
  contactIds?: number[];
  filter?: { searchParam?: string; tagIds?: number[] };
  userIds: number[];
  mode: 'add' | 'replace';
}

/**
 * Supervisors and admins put contacts in wallets in bulk: the picked contacts, or all that match
 * the contact list's filter, get the chosen users added to their wallet users, or in their place.
 * Users must be of the tenant; another tenant's contact ids simply match nothing. Each changed
 * contact is pushed live.
 */
export async function assignContactWallets(ctx: AppContext, actor: Actor, input: AssignWalletsInput): Promise<AssignWalletsResult> {
  assertCanAssignWallets(actor);
  const { tenantId } = actor;
  return transact(ctx, async (tx, events) => {
    const userIds = await walletUsersOrFail(tx, tenantId, input.userIds);
    const target = input.contactIds
      ? { contactIds: input.contactIds }
      : { search: contactSearchTerm(input.filter?.searchParam), tagIds: input.filter?.tagIds };
    const { matched, changedContactIds } = await assignWalletsInBulk(tx, tenantId, target, userIds, input.mode);
    for (const contactId of changedContactIds) events.push({ type: 'contact.changed', tenantId, contactId, action: 'update' });
    return { matched, changed: changedContactIds.length };
  });
}
