import type { Profile } from '@conversa/shared';
import { AppError } from '../../platform/http/app-error.js';
import { isAdmin, type Actor } from '../auth/actor.js';

/** Only admins manage the users of their tenant; a superadmin is managed only by a superadmin. */
export function assertCanManageUser(actor: Actor, target: { profile: Profile }): void {
  if (!isAdmin(actor)) throw new AppError('ERR_NO_PERMISSION');
  if (target.profile === 'superadmin' && actor.profile !== 'superadmin') throw new AppError('ERR_NO_PERMISSION');
}

/** Anyone may edit themselves (name, e-mail, password); profile and flags only through an admin. */
export function canEditSelf(actor: Actor, userId: number): boolean {
  return actor.userId === userId;
}
