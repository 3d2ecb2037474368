/** Members of a queue with their number of active (open, or pending and assigned) tickets, least loaded first (balanced auto-distribution). */
export { queueMembersByLoad } from '../queues.repository.js';
