import { AppError } from '../../platform/http/app-error.js';
import { isSupervisorOrAdmin, type Actor } from '../auth/actor.js';

/** Auto-replies are a bot of the tenant: supervisors and administrators set them up (SPEC §2 supervisor menu: chatbot). */
export function assertCanManageAutoReplies(actor: Actor): void {
  if (!isSupervisorOrAdmin(actor)) throw new AppError('ERR_NO_PERMISSION');
}
