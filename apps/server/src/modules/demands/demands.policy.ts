import { AppError } from '../../platform/http/app-error.js';
import { isAdmin, type Actor } from '../auth/actor.js';

/** Admins manage the reasons (settings, CRM tab `motivos`, SPEC §2); every user lists them to pick one at resolve. */
export function assertCanManageDemands(actor: Actor): void {
  if (!isAdmin(actor)) throw new AppError('ERR_NO_PERMISSION');
}
