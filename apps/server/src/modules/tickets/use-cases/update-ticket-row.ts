/** Changes a ticket's fields in the caller's transaction (the caller records its events and logs). */
export { updateTicketRow } from '../tickets.repository.js';
