import { AppError } from '../../platform/http/app-error.js';
import { isSupervisorOrAdmin, type Actor } from '../auth/actor.js';

/**
 * Every agent works with the tenant's contacts (list, create, edit, block). Deleting a contact
 * (with its tickets and messages) and moving the whole list in or out (import, export) belong
 * to supervisors and administrators.
 */
export function assertCanDeleteContact(actor: Actor): void {
  if (!isSupervisorOrAdmin(actor)) throw new AppError('ERR_NO_PERMISSION');
}

export function assertCanTransferContacts(actor: Actor): void {
  if (!isSupervisorOrAdmin(actor)) throw new AppError('ERR_NO_PERMISSION');
}

/** Wallets in bulk (the "Atribuir carteira" action of /contatos) belong to supervisors and administrators. */
export function assertCanAssignWallets(actor: Actor): void {
  if (!isSupervisorOrAdmin(actor)) throw new AppError('ERR_NO_PERMISSION');
}
