import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanSeeTicket } from '../../tickets/use-cases/ticket-access.js';
import { assertMayChangeNote } from '../notes.policy.js';
import { deleteNoteRow, lockNote } from '../notes.repository.js';

/** Deletes a note (its author, or an admin, on a ticket they still see). */
export async function deleteNote(ctx: AppContext, actor: Actor, noteId: number): Promise<void> {
  const { tenantId } = actor;
  await transact(ctx, async (tx, events) => {
    const note = await lockNote(tx, tenantId, noteId);
    if (!note) throw new AppError('ERR_NO_NOTE_FOUND');
    await assertCanSeeTicket(ctx, actor, note.ticketId, tx);
    assertMayChangeNote(actor, note);
    await deleteNoteRow(tx, tenantId, noteId);
    events.push({ type: 'note.changed', tenantId, noteId, ticketId: note.ticketId, action: 'delete' });
  });
}
