/** A visitor's message with its authentication in the same statement (BY_VISITOR). */
export { appendVisitorMessage } from '../inbound-append.repository.js';
