/** A channel of the tenant, for the modules that act on one (a ticket's, a message's, an API configuration's). */
export { findChannelById } from '../channels.repository.js';
