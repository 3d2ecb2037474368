import { AppError } from '../../platform/http/app-error.js';
import { isSupervisorOrAdmin, type Actor } from '../auth/actor.js';

/** Supervisors and admins write tags (SPEC §2 "Supervisor adds … tags"); every user lists the active ones and tags what they can see. */
export function assertCanManageTags(actor: Actor): void {
  if (!isSupervisorOrAdmin(actor)) throw new AppError('ERR_NO_PERMISSION');
}
