import type { Note } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanSeeTicket } from '../../tickets/use-cases/ticket-access.js';
import { presentNote } from '../notes.presenter.js';
import { listNotesOfTicket } from '../notes.repository.js';

/** A ticket's notes, oldest first, for its chat timeline (a ticket the actor may see). */
export async function listTicketNotes(ctx: AppContext, actor: Actor, ticketId: number): Promise<Note[]> {
  await assertCanSeeTicket(ctx, actor, ticketId);
  return (await listNotesOfTicket(ctx.db, actor.tenantId, ticketId)).map(presentNote);
}
