/**
 * Past messages in one insert, each dated by its own time (created_at = timestamp, so the
 * newest-first history puts them where they belong); (channel, external id) duplicates are skipped.
 */
export { insertPastMessages } from '../messages.repository.js';
