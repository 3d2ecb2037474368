import { AppError } from '../../platform/http/app-error.js';
import { isSupervisorOrAdmin, type Actor } from '../auth/actor.js';

/** The protocols screen is a supervisor's (SPEC §2: "Supervisor adds … notes, protocols"). */
export function assertCanListProtocols(actor: Actor): void {
  if (!isSupervisorOrAdmin(actor)) throw new AppError('ERR_NO_PERMISSION');
}
