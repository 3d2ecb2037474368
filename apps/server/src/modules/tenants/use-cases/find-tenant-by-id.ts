/** A tenant (its state, plan limits and clock), for sign-in and the modules that check it. */
export { findTenantById } from '../tenants.repository.js';
