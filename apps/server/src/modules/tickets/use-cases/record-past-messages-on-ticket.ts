/** Past messages added to a ticket: its last message changes only if they are newer; unread counts stay. */
export { recordPastMessagesOnTicket } from '../tickets.repository.js';
