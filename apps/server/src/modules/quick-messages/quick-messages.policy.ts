import { AppError } from '../../platform/http/app-error.js';
import { isSupervisorOrAdmin, type Actor } from '../auth/actor.js';

/** Supervisors and admins write quick messages (SPEC §2 "Supervisor adds … quick messages"); every agent lists and sends them. */
export function assertCanManageQuickMessages(actor: Actor): void {
  if (!isSupervisorOrAdmin(actor)) throw new AppError('ERR_NO_PERMISSION');
}
