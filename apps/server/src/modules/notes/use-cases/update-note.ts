import type { Note } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanSeeTicket } from '../../tickets/use-cases/ticket-access.js';
import { assertMayChangeNote } from '../notes.policy.js';
import { presentNote } from '../notes.presenter.js';
import { findNoteView, lockNote, updateNoteRow } from '../notes.repository.js';
import { assertMentionsOfTenant } from './note-mentions.js';

/** Edits a note (its author, or an admin, on a ticket they still see). */
export async function updateNote(
  ctx: AppContext,
  actor: Actor,
  noteId: number,
  input: { note: string; mentionedUserIds?: number[] },
): Promise<Note> {
  const { tenantId } = actor;
  return transact(ctx, async (tx, events) => {
    const note = await lockNote(tx, tenantId, noteId);
    if (!note) throw new AppError('ERR_NO_NOTE_FOUND');
    await assertCanSeeTicket(ctx, actor, note.ticketId, tx);
    assertMayChangeNote(actor, note);
    if (input.mentionedUserIds) await assertMentionsOfTenant(tx, tenantId, input.mentionedUserIds);
    await updateNoteRow(tx, tenantId, noteId, input);
    events.push({
      type: 'note.changed',
      tenantId,
      noteId,
      ticketId: note.ticketId,
      action: 'update',
      mentionedUserIds: input.mentionedUserIds,
    });
    const view = await findNoteView(tx, tenantId, noteId);
    if (!view) throw new AppError('ERR_NO_NOTE_FOUND');
    return presentNote(view);
  });
}
