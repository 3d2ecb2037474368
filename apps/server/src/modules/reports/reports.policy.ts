import { AppError } from '../../platform/http/app-error.js';
import { isAdmin, isSupervisorOrAdmin, type Actor } from '../auth/actor.js';

/** The reports of /relatorios belong to supervisors and administrators (SPEC §6: supervisor adds reports). */
export function assertCanUseReports(actor: Actor): void {
  if (!isSupervisorOrAdmin(actor)) throw new AppError('ERR_NO_PERMISSION');
}

/**
 * Which queues' tickets a ticket report may read for the actor: administrators every queue
 * (`all`), supervisors only the queues they belong to.
 */
export function ticketReportScope(actor: Actor, memberQueueIds: number[]): { all: true } | { all: false; queueIds: number[] } {
  return isAdmin(actor) ? { all: true } : { all: false, queueIds: memberQueueIds };
}
