/** A user of any tenant by e-mail (sign-in, password reset, sign-up's unique e-mail): the e-mail decides the tenant. */
export { findUserByEmailAnyTenant } from '../users.repository.js';
