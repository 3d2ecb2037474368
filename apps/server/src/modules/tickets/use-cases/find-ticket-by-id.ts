/** A ticket of the tenant. */
export { findTicketById } from '../tickets.repository.js';
