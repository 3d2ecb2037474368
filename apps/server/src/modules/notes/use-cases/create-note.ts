import type { Note } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanSeeTicket } from '../../tickets/use-cases/ticket-access.js';
import { noteExcerpt, presentNote } from '../notes.presenter.js';
import { findNoteView, insertNote } from '../notes.repository.js';
import { assertMentionsOfTenant } from './note-mentions.js';

/**
 * An internal note on a ticket the actor may see. A note is not a message: it is stored apart and
 * never reaches the outbound path nor any channel. Its `note.created` (durable) carries what a
 * mention's notification needs; the push to whoever sees the ticket follows the commit.
 */
export async function createNote(
  ctx: AppContext,
  actor: Actor,
  ticketId: number,
  input: { note: string; mentionedUserIds: number[] },
): Promise<Note> {
  const { tenantId } = actor;
  return transact(ctx, async (tx, events) => {
    await assertCanSeeTicket(ctx, actor, ticketId, tx);
    await assertMentionsOfTenant(tx, tenantId, input.mentionedUserIds);
    const row = await insertNote(tx, tenantId, {
      ticketId,
      userId: actor.userId,
      note: input.note,
      mentionedUserIds: input.mentionedUserIds,
    });
    events.push({
      type: 'note.created',
      tenantId,
      noteId: row.id,
      ticketId,
      authorId: actor.userId,
      mentionedUserIds: row.mentionedUserIds,
      excerpt: noteExcerpt(row.note),
    });
    const view = await findNoteView(tx, tenantId, row.id);
    return presentNote(view ?? { ...row, username: null });
  });
}
