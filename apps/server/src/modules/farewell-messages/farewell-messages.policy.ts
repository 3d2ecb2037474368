import { AppError } from '../../platform/http/app-error.js';
import { isSupervisorOrAdmin, type Actor } from '../auth/actor.js';

/** Supervisors and admins keep the closing messages (SPEC §2 menus); every agent picks from them when resolving. */
export function assertCanManageFarewellMessages(actor: Actor): void {
  if (!isSupervisorOrAdmin(actor)) throw new AppError('ERR_NO_PERMISSION');
}
