/**
 * Finds or creates the contact of an inbound message in one statement: the partial unique
 * indexes (tenant, number) and (tenant, external key) make concurrent first messages converge.
 */
export { upsertContactByKey } from '../contacts.repository.js';
