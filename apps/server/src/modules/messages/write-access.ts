import { AppError } from '../../platform/http/app-error.js';
import { isSupervisorOrAdmin, type Actor } from '../auth/actor.js';

/**
 * Who may write in a ticket they can see (replies, media, /sendButton, forwards into it): an open
 * ticket belongs to the agent attending it, so another plain agent must take it first (transfer).
 * Supervisors and admins may write in it too (the web app shows them whose ticket it is). A
 * waiting (pending) ticket is taken by whoever writes in it, as "start attending" does; a ticket
 * open without an agent is open to its viewers.
 */
export function assertCanWriteInTicket(actor: Actor, ticket: { status: string; userId: number | null }): void {
  if (ticket.status !== 'open' || ticket.userId === null || ticket.userId === actor.userId || isSupervisorOrAdmin(actor)) return;
  throw new AppError(
    'ERR_NO_PERMISSION',
    'This ticket is being attended by another agent: only that agent, a supervisor or an admin may write in it. Ask for a transfer to reply.',
  );
}
