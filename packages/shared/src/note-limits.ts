/**
 * Limits of a ticket's internal notes, without zod: the chat's note composer reads them without
 * downloading the contracts (forms/records.ts re-exports them beside the notes' schemas).
 */
export const NOTE_MAX_LENGTH = 4000;
export const NOTE_MAX_MENTIONS = 20;
export const NOTES_PAGE_SIZE = 40;
