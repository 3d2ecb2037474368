/** Conversa's message on its ticket: last message and time. */
export { recordOutboundOnTicket } from '../tickets.repository.js';
