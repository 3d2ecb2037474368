/** A channel's message by its provider id (a provider's edit, deletion or resend). */
export { findMessageByExternalId } from '../messages.repository.js';
