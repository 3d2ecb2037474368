import { AppError } from '../../platform/http/app-error.js';
import { isSupervisorOrAdmin, type Actor } from '../auth/actor.js';

/** Birthdays are a supervisor's screen (SPEC §2: "Supervisor adds … schedules, birthdays"): the list and the manual send. */
export function assertCanManageBirthdays(actor: Actor): void {
  if (!isSupervisorOrAdmin(actor)) throw new AppError('ERR_NO_PERMISSION');
}
