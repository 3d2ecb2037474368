/** A queue of the tenant with its members, for the modules that route to one. */
export { findQueueById } from '../queues.repository.js';
