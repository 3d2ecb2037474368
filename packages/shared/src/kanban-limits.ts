/**
 * Limits of the kanban boards and the ticket's value, without zod: the inbox's chat header reads
 * them without downloading the contracts (the value's schema, forms/kanban.ts, is loaded on save).
 */

/** Largest value a ticket holds (R$ 999.999.999,99): the column keeps 10 integer digits, a deal is far below. */
export const TICKET_VALUE_MAX = 999_999_999.99;

/** Cards of a board column per page. */
export const KANBAN_PAGE_SIZE = 50;
