import type { Db } from '../../../platform/db/client.js';
import { hasAwaitingEvaluationAskedWithin } from '../ratings.repository.js';

/**
 * How long after a resolve asked the customer for a rating another resolve of the ticket is taken as
 * that same one (a double click, a second tab, a client sending again an answer it lost) rather than
 * "close for good". An agent who means to close without waiting does it later than this.
 */
export const REPEATED_RESOLVE_SECONDS = 10;

/** Whether the ticket's customer was asked for a rating moments ago (and has not answered). */
export function ratingJustAsked(tx: Db, tenantId: number, ticketId: number): Promise<boolean> {
  return hasAwaitingEvaluationAskedWithin(tx, tenantId, ticketId, REPEATED_RESOLVE_SECONDS);
}
