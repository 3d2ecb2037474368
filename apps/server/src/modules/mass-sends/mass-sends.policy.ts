import { AppError } from '../../platform/http/app-error.js';
import { isSupervisorOrAdmin, type Actor } from '../auth/actor.js';
import type { MassSendRow } from './mass-sends.repository.js';

/**
 * Who sends in mass: every profile (SPEC §2 "Common: … mass send"), so every route declares
 * `auth: 'user'`. Supervisors and admins see and control all of the tenant's mass sends; an agent
 * only those they created. Everything takes the actor's tenant.
 */
export const MASS_SENDS_AUTH = 'user' as const;

/** Whose mass sends the actor sees: undefined for all of the tenant's, else the actor's own. */
export function visibleCreator(actor: Actor): number | undefined {
  return isSupervisorOrAdmin(actor) ? undefined : actor.userId;
}

/** 404 ERR_NO_MASS_SEND_FOUND for a mass send the actor may not see (another agent's), as for one that does not exist. */
export function assertCanSee(actor: Actor, massSend: Pick<MassSendRow, 'createdById'> | undefined): asserts massSend {
  const creator = visibleCreator(actor);
  if (!massSend || (creator !== undefined && massSend.createdById !== creator)) throw new AppError('ERR_NO_MASS_SEND_FOUND');
}
