/** A contact's tickets on one channel, newest first (every status), at most `limit`. */
export { listTicketsOfContact } from '../tickets.repository.js';
