/** The tenant's contact of a phone number (the external API names contacts by number). */
export { findContactByNumber } from '../contacts.repository.js';
