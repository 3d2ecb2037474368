/** The user behind an access token, its tenant's status, and whether its session (refresh family) is still alive. */
export { findAuthUser } from '../auth.repository.js';
