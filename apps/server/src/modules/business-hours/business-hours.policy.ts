import { AppError } from '../../platform/http/app-error.js';
import { isAdmin, isSupervisorOrAdmin, type Actor } from '../auth/actor.js';

/** SPEC §2: business hours are a supervisor's screen too. */
export function assertCanManageBusinessHours(actor: Actor): void {
  if (!isSupervisorOrAdmin(actor)) throw new AppError('ERR_NO_PERMISSION');
}

/** The time zone is the whole tenant's clock (greetings, reports): administrators only. */
export function assertCanChangeTimeZone(actor: Actor): void {
  if (!isAdmin(actor)) throw new AppError('ERR_NO_PERMISSION', 'Only an administrator may change the time zone.');
}
