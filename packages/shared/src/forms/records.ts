import { z } from 'zod';
import { refIdSchema } from '../contracts.js';
import { TICKET_STATUSES } from '../enums.js';
import { NOTE_MAX_LENGTH, NOTE_MAX_MENTIONS } from '../note-limits.js';

/**
 * Protocols and internal notes (SPEC §3 Protocol: protocol, user, ticket, date; Note: note, user,
 * ticket, date). Every ticket gets a protocol when it is created: its day (yyyyMMdd in the
 * tenant's time zone) and the day's sequence, zero-padded to 6 digits (20261201000123). A ticket
 * keeps its protocol when reopened; a new conversation after a resolved one is a new ticket and
 * gets a new protocol. Notes are the agents' own remarks on a ticket: never messages, never sent.
 */

const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the form YYYY-MM-DD');
const pageNumberSchema = z.coerce.number().int().min(1).max(10_000).default(1);
const sinceUntil = <T extends { dateFrom?: string; dateTo?: string }>(q: T) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo;

export const PROTOCOL_SEQUENCE_DIGITS = 6;
/** A protocol as shown: 8 digits of the day and at least 6 of the sequence. */
export const PROTOCOL_PATTERN = /^\d{14,}$/;

// ---- protocols ----

export const listProtocolsQuerySchema = z
  .object({
    /** Digits: a protocol or its beginning; otherwise (or also) a contact's name or number. */
    searchParam: z.string().trim().max(200).optional(),
    /** Days in the tenant's time zone (the protocol's own day), both included. */
    dateFrom: daySchema.optional(),
    dateTo: daySchema.optional(),
    pageNumber: pageNumberSchema,
  })
  .refine(sinceUntil, { path: ['dateTo'], message: 'Must not be before dateFrom' });
export type ListProtocolsQuery = z.input<typeof listProtocolsQuerySchema>;

export const protocolSchema = z.object({
  protocol: z.string(),
  ticketId: z.number().int(),
  ticketStatus: z.enum(TICKET_STATUSES),
  contact: z.object({ id: z.number().int(), name: z.string(), number: z.string().nullable() }),
  /** The ticket's agent when it was created (POST /tickets, a forward); null when the customer or a bot opened it. */
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  /** The ticket's current agent. */
  agentName: z.string().nullable(),
  createdAt: z.string(),
});
export type Protocol = z.infer<typeof protocolSchema>;

export const listProtocolsResponseSchema = z.object({ protocols: z.array(protocolSchema), count: z.number().int(), hasMore: z.boolean() });
export type ListProtocolsResponse = z.infer<typeof listProtocolsResponseSchema>;

export const PROTOCOLS_PAGE_SIZE = 40;

// ---- notes ----

export { NOTE_MAX_LENGTH, NOTE_MAX_MENTIONS, NOTES_PAGE_SIZE } from '../note-limits.js';

export const noteTextSchema = z.string().trim().min(1).max(NOTE_MAX_LENGTH);
const mentionsSchema = z
  .array(refIdSchema)
  .max(NOTE_MAX_MENTIONS)
  .transform((ids) => [...new Set(ids)]);

export const createNoteBodySchema = z.object({
  note: noteTextSchema,
  /** The tenant's users @mentioned in the note (each must be a user of the tenant). */
  mentionedUserIds: mentionsSchema.default([]),
});
export type CreateNoteBody = z.input<typeof createNoteBodySchema>;

export const updateNoteBodySchema = z.object({
  note: noteTextSchema,
  mentionedUserIds: mentionsSchema.optional(),
});
export type UpdateNoteBody = z.input<typeof updateNoteBodySchema>;

export const noteSchema = z.object({
  id: z.number().int(),
  ticketId: z.number().int(),
  note: z.string(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  mentionedUserIds: z.array(z.number().int()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Note = z.infer<typeof noteSchema>;

/** A note in the /notas list, with its ticket's contact. */
export const noteListItemSchema = noteSchema.extend({
  contact: z.object({ id: z.number().int(), name: z.string() }),
  ticketStatus: z.enum(TICKET_STATUSES),
  protocol: z.string().nullable(),
});
export type NoteListItem = z.infer<typeof noteListItemSchema>;

export const listNotesQuerySchema = z
  .object({
    /** Words of the note, or the contact's name. */
    searchParam: z.string().trim().max(200).optional(),
    /** The note's author. */
    userId: z.coerce.number().pipe(refIdSchema).optional(),
    dateFrom: daySchema.optional(),
    dateTo: daySchema.optional(),
    pageNumber: pageNumberSchema,
  })
  .refine(sinceUntil, { path: ['dateTo'], message: 'Must not be before dateFrom' });
export type ListNotesQuery = z.input<typeof listNotesQuerySchema>;

export const listNotesResponseSchema = z.object({ notes: z.array(noteListItemSchema), count: z.number().int(), hasMore: z.boolean() });
export type ListNotesResponse = z.infer<typeof listNotesResponseSchema>;

/** Tag changes in a ticket's history (GET /tickets/{id}/logs type 'tagsChanged'). */
export interface TagsChangedLogPayload {
  added: { id: number; name: string; color: string }[];
  removed: { id: number; name: string; color: string }[];
}
