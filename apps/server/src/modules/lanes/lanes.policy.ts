import { AppError } from '../../platform/http/app-error.js';
import { isSupervisorOrAdmin, type Actor } from '../auth/actor.js';

/** Supervisors and admins manage the kanban lanes; every user lists them and puts the tickets they see in them. */
export function assertCanManageLanes(actor: Actor): void {
  if (!isSupervisorOrAdmin(actor)) throw new AppError('ERR_NO_PERMISSION');
}
