import { NOTES_PAGE_SIZE, type ListNotesResponse } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { visibleTicketsCondition } from '../../tickets/use-cases/ticket-access.js';
import { presentNoteListItem } from '../notes.presenter.js';
import { listNotePage } from '../notes.repository.js';

export interface NoteQuery {
  searchParam?: string;
  userId?: number;
  dateFrom?: string;
  dateTo?: string;
  pageNumber: number;
}

/** The notes of the tickets the actor may see (the one visibility policy), newest first, 40 a page. */
export async function listNotes(ctx: AppContext, actor: Actor, query: NoteQuery): Promise<ListNotesResponse> {
  const offset = (query.pageNumber - 1) * NOTES_PAGE_SIZE;
  const { rows, count } = await listNotePage(
    ctx.db,
    actor.tenantId,
    { ...query, visibility: await visibleTicketsCondition(ctx.db, actor) },
    { limit: NOTES_PAGE_SIZE, offset },
  );
  return { notes: rows.map(presentNoteListItem), count, hasMore: offset + rows.length < count };
}
