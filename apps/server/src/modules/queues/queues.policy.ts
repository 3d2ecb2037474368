import { AppError } from '../../platform/http/app-error.js';
import { isAdmin, type Actor } from '../auth/actor.js';

/** Queues decide which tickets agents see: administrators create, edit and staff them; every agent lists them (transfers). */
export function assertCanManageQueues(actor: Actor): void {
  if (!isAdmin(actor)) throw new AppError('ERR_NO_PERMISSION');
}
