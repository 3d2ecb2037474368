import type { CreateNoteBody, ListNotesQuery, ListNotesResponse, Note, NoteSocketPayload, UpdateNoteBody } from '@conversa/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

export const noteKeys = {
  all: ['notes'] as const,
  ofTicket: (ticketId: number) => ['notes', 'ticket', ticketId] as const,
  list: (query: ListNotesQuery) => ['notes', 'list', query] as const,
};

/** GET /tickets/{id}/notes: the ticket's internal notes, oldest first (the socket keeps them current). */
export function useTicketNotes(ticketId: number) {
  return useQuery({
    queryKey: noteKeys.ofTicket(ticketId),
    staleTime: 60_000,
    queryFn: ({ signal }) => http.get<Note[]>(`/tickets/${ticketId}/notes`, { signal, silent: true }),
  });
}

/** GET /notes: the notes of the tickets the user may see (/notas). */
export function useNotes(query: ListNotesQuery) {
  return useQuery({
    queryKey: noteKeys.list(query),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => {
      const params = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== '')) as Record<
        string,
        string | number
      >;
      return http.get<ListNotesResponse>('/notes', { query: params, signal });
    },
  });
}

/** A note created, edited or deleted (by this user's request or the socket): the ticket's timeline follows, the lists refetch. */
export function applyNoteEvent(qc: QueryClient, event: NoteSocketPayload): void {
  const ticketId = event.action === 'delete' ? event.ticketId : event.note.ticketId;
  qc.setQueryData<Note[]>(noteKeys.ofTicket(ticketId), (notes) => {
    if (!notes) return notes;
    if (event.action === 'delete') return notes.filter((n) => n.id !== event.noteId);
    const at = notes.findIndex((n) => n.id === event.note.id);
    if (at === -1) return [...notes, event.note].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
    return notes.map((n) => (n.id === event.note.id ? event.note : n));
  });
  void qc.invalidateQueries({ queryKey: ['notes', 'list'] });
}

export function useCreateNote(ticketId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateNoteBody) => http.post<Note>(`/tickets/${ticketId}/notes`, body, { silent: true }),
    onSuccess: (note) => applyNoteEvent(qc, { action: 'create', note }),
  });
}

export function useUpdateNote() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateNoteBody }) => http.put<Note>(`/notes/${id}`, body, { silent: true }),
    onSuccess: (note) => applyNoteEvent(qc, { action: 'update', note }),
  });
}

export function useDeleteNote() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (note: Pick<Note, 'id' | 'ticketId'>) => http.delete(`/notes/${note.id}`, { silent: true }),
    onSuccess: (_, note) => applyNoteEvent(qc, { action: 'delete', noteId: note.id, ticketId: note.ticketId }),
  });
}
