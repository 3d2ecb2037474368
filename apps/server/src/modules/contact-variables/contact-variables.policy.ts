import { AppError } from '../../platform/http/app-error.js';
import { isAdmin, type Actor } from '../auth/actor.js';

/** Admins manage the contact variables (settings, CRM tab `variaveis`, SPEC §2); every user lists them (picker, contact form). */
export function assertCanManageContactVariables(actor: Actor): void {
  if (!isAdmin(actor)) throw new AppError('ERR_NO_PERMISSION');
}
