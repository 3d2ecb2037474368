/** A message sent by the company (an agent, or from the phone) on its ticket: last message and time; the ticket is answered and read (unread 0). */
export { recordOutboundOnTicket } from '../tickets.repository.js';
