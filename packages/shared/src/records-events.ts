import type { Note } from './forms/records.js';

/**
 * The socket event of an internal note created, edited or deleted, pushed to the agents who may
 * see its ticket. Zod-free, so that the web app's socket code can import it without the contracts.
 */
export const NOTE_SOCKET_EVENT = 'ticketNote';
export type NoteSocketPayload = { action: 'create' | 'update'; note: Note } | { action: 'delete'; noteId: number; ticketId: number };
