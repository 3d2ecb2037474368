/** Adds one hit to a fixed window of `windowSeconds`; returns the hits in the current window. */
export { hitRateLimit } from '../auth.repository.js';
