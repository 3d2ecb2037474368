/** A user of the tenant. */
export { findUserById } from '../users.repository.js';
