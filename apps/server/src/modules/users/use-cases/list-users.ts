/** A page of the tenant's users. */
export { listUsers } from '../users.repository.js';
