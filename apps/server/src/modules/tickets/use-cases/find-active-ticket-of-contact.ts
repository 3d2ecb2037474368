/** The contact's open or pending ticket (on a channel, or any). */
export { findActiveTicketOfContact } from '../tickets.repository.js';
