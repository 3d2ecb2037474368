import { AppError } from '../../platform/http/app-error.js';
import { isSupervisorOrAdmin, type Actor } from '../auth/actor.js';

/** Supervisors and admins manage teams (SPEC §2 "Supervisor adds … teams"); every user sees the teams they belong to in the internal chat. */
export function assertCanManageTeams(actor: Actor): void {
  if (!isSupervisorOrAdmin(actor)) throw new AppError('ERR_NO_PERMISSION');
}
