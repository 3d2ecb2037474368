/** Locks the tenant row for the rest of the transaction: serialises limit checks (max users) across nodes. */
export { lockTenant } from '../tenants.repository.js';
