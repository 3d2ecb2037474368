/** A closed ticket holding a conversation's past (a history import that closes what it opens), with its protocol. */
export { insertClosedTicket } from '../tickets.repository.js';
