/**
 * The open-or-pending ticket of a contact on a channel, created if there is none. The partial
 * unique index makes concurrent callers converge on one ticket; `created` tells who made it. A
 * created ticket gets its protocol in the same statement (insertWithProtocol); one found takes no
 * number. `numberAtCommit`: a created ticket is numbered when the transaction commits instead (the
 * deferred trigger of migration 0050): the tenant's counter is then locked for the commit alone, not
 * for the rest of the transaction; for a caller that does not read the protocol before its commit.
 */
export { upsertActiveTicket } from '../tickets.repository.js';
