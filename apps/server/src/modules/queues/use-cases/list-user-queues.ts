/** The queues an agent belongs to (sign-in, the socket's rooms, ticket access). */
export { listUserQueues } from '../queues.repository.js';
