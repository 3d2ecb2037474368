/** The ticket's unread count set to zero (its messages were read); true when there was something to clear. */
export { clearTicketUnread } from '../tickets.repository.js';
