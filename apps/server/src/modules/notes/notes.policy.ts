import { AppError } from '../../platform/http/app-error.js';
import { isAdmin, type Actor } from '../auth/actor.js';
import type { NoteRow } from './notes.repository.js';

/**
 * Whoever may see a ticket may read and add its notes (tickets policy); a note is edited or
 * deleted by its author, or by an admin.
 */
export function assertMayChangeNote(actor: Actor, note: Pick<NoteRow, 'userId'>): void {
  if (note.userId !== actor.userId && !isAdmin(actor)) throw new AppError('ERR_NO_PERMISSION');
}
