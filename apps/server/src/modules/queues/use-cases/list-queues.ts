/** The tenant's queues with their members. */
export { listQueues } from '../queues.repository.js';
