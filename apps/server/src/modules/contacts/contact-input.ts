import type { TagRef } from '@conversa/shared';
import type { Db } from '../../platform/db/client.js';
import { AppError, isUniqueViolation } from '../../platform/http/app-error.js';
import type { ContactRow, NewContact } from './contacts.repository.js';
import { findTenantUserIds } from './contacts.repository.js';
import type { UpdateContactInput } from './contacts.schemas.js';
import { phoneNumberOrFail } from './phone-number.js';

/** What the contact use cases answer: the row, its wallet owners and its tags. */
export interface ContactWithWallets {
  contact: ContactRow;
  wallets: number[];
  tags: TagRef[];
}

/** Wallet owners must be users of the tenant: another tenant's user is as unknown as a missing one. */
export async function walletUsersOrFail(db: Db, tenantId: number, userIds: number[]): Promise<number[]> {
  const wanted = [...new Set(userIds)];
  const found = await findTenantUserIds(db, tenantId, wanted);
  const missing = wanted.filter((id) => !found.includes(id));
  if (missing.length)
    throw new AppError('ERR_NO_USER_FOUND', `No user found with ID ${missing.join(', ')}.`, {
      wallets: [`Unknown user: ${missing.join(', ')}`],
    });
  return wanted.sort((a, b) => a - b);
}

/** The columns a create or edit sets, from the request (undefined fields are left alone). */
export function contactChanges(input: UpdateContactInput): Partial<NewContact> {
  const changes: Partial<NewContact> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.number !== undefined) changes.number = phoneNumberOrFail(input.number);
  if (input.email !== undefined) changes.email = input.email;
  if (input.identity !== undefined) changes.identity = input.identity;
  if (input.birthday !== undefined) changes.birthday = input.birthday;
  if (input.firstName !== undefined) changes.firstName = input.firstName;
  if (input.lastName !== undefined) changes.lastName = input.lastName;
  if (input.businessName !== undefined) changes.businessName = input.businessName;
  if (input.extraInfo !== undefined) changes.extraInfo = input.extraInfo;
  if (input.blocked !== undefined) changes.blocked = input.blocked;
  if (input.chatbotBlocked !== undefined) changes.chatbotBlocked = input.chatbotBlocked;
  return changes;
}

/** Runs a write; the tenant's unique number index turns a taken number into 409 ERR_DUPLICATED_CONTACT. */
export async function withDuplicateCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'contacts_tenant_number_key')) throw new AppError('ERR_DUPLICATED_CONTACT');
    throw error;
  }
}
