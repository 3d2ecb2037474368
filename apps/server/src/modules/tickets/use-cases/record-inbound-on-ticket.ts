/** Counters of an arriving message, in one statement. */
export { recordInboundOnTicket } from '../tickets.repository.js';
