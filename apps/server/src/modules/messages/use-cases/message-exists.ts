/** Whether a channel's message of this provider id is stored (a redelivery is ignored before any work). */
export { messageExists } from '../messages.repository.js';
