/** A contact of the tenant, for the modules that act on one (a ticket's, a message's). */
export { findContactById } from '../contacts.repository.js';
