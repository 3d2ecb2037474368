/** How many users each of these tenants has, on the connection given (a limit change checks it in its transaction). */
export { countUsersByTenant } from '../users.repository.js';
