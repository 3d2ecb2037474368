import { AppError } from '../../platform/http/app-error.js';
import { isSupervisorOrAdmin, type Actor } from '../auth/actor.js';

/** SPEC §2: channels are in the supervisor's menu and above; every agent may list them (filters, new ticket). */
export function assertCanManageChannels(actor: Actor): void {
  if (!isSupervisorOrAdmin(actor)) throw new AppError('ERR_NO_PERMISSION');
}
