/** Replaces the queues of a user; only queues of the same tenant are kept. */
export { setUserQueues } from '../queues.repository.js';
