/** For flows that start from a user id outside a tenant context (password reset tokens). */
export { findUserByIdAnyTenant } from '../users.repository.js';
