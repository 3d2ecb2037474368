/** The queues of several users at once (user lists). */
export { queuesOfUsers } from '../queues.repository.js';
