/** A message of the tenant, for the modules that react to one. */
export { findMessageById } from '../messages.repository.js';
