import { AppError } from '../../platform/http/app-error.js';
import { isPlatformAdmin, type Actor } from '../auth/actor.js';

/**
 * Every user reads and marks their own notifications (nobody else's: rows are looked up by the
 * actor's tenant and user). Broadcasts belong to the platform superadmin of tenant 1 (SPEC §2
 * platform screens, /notificacao); the routes say so too (auth 'platform').
 */
export function assertCanBroadcast(actor: Actor): void {
  if (!isPlatformAdmin(actor)) throw new AppError('ERR_NO_PERMISSION');
}
