import { AppError } from '../../platform/http/app-error.js';
import { isPlatformAdmin, isSupervisorOrAdmin, type Actor } from '../auth/actor.js';

/** SPEC §2: channels are in the supervisor's menu and above; every agent may list them (filters, new ticket). */
export function assertCanManageChannels(actor: Actor): void {
  if (!isSupervisorOrAdmin(actor)) throw new AppError('ERR_NO_PERMISSION');
}

/**
 * Managing a channel of `tenantId`: one's own tenant's as above; another tenant's only for the
 * platform superadmin of tenant 1 (the sessions monitor, /sessoestenants).
 */
export function assertCanManageChannelsOf(actor: Actor, tenantId: number): void {
  if (tenantId !== actor.tenantId) {
    if (!isPlatformAdmin(actor)) throw new AppError('ERR_NO_PERMISSION');
    return;
  }
  assertCanManageChannels(actor);
}
