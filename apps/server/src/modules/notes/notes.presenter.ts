import type { Note, NoteListItem } from '@conversa/shared';
import type { NoteListView, NoteView } from './notes.repository.js';

export function presentNote(row: NoteView): Note {
  return {
    id: row.id,
    ticketId: row.ticketId,
    note: row.note,
    userId: row.userId,
    username: row.username,
    mentionedUserIds: row.mentionedUserIds,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentNoteListItem(row: NoteListView): NoteListItem {
  return {
    ...presentNote(row),
    contact: { id: row.contactId, name: row.contactName },
    ticketStatus: row.ticketStatus,
    protocol: row.protocol,
  };
}

/** The start of a note, for a notification or a preview (whitespace folded). */
export function noteExcerpt(note: string, max = 140): string {
  const flat = note.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}
