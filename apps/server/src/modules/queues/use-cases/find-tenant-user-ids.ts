/** Which of these user ids are users of the tenant. */
export { findTenantUserIds } from '../queues.repository.js';
