/** Login is the one lookup across tenants: the e-mail decides the tenant. */
export { findUserByEmailAnyTenant } from '../users.repository.js';
