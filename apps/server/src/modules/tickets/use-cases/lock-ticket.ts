/** Locks the ticket for the rest of the transaction (status changes read, check, then write). */
export { lockTicket } from '../tickets.repository.js';
