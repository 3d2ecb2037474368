import { isHeldByOther } from '@conversa/shared/ticket-holder';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import { isAdmin, type Actor } from '../auth/actor.js';
import { actorSeesAsAdmin } from '../tickets/use-cases/ticket-access.js';

/**
 * Who may write in a ticket they can see (replies, media, /sendButton, forwards into it): an open
 * ticket belongs to the agent attending it, and a pending one with a user's name (transferred or
 * routed to them) waits for that user, so another plain agent must accept it (or have it
 * transferred) first: writing no longer takes it silently. Supervisors
 * and admins may write in it too (the web app shows them whose ticket it is), unless
 * supervisorAdmin reduces supervisors to the users' logic. A waiting ticket of nobody is taken by
 * whoever writes in it, as "start attending" does; a ticket open without an agent is open to its viewers.
 */
export async function assertCanWriteInTicket(db: Db, actor: Actor, ticket: { status: string; userId: number | null }): Promise<void> {
  if (!isHeldByOther(ticket, actor.userId) || isAdmin(actor)) return;
  // Read only in this case: a supervisor writing in another agent's open ticket.
  if (actor.profile === 'super' && (await actorSeesAsAdmin(db, actor))) return;
  throw new AppError(
    'ERR_NO_PERMISSION',
    'This ticket is attended by, or waits for, another agent: only that agent, a supervisor or an admin may write in it. Accept it (a waiting one) or ask for a transfer to reply.',
  );
}
