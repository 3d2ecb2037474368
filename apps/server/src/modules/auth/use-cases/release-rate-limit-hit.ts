/** Takes one hit back (an attempt refused or not counted as a failure). */
export { releaseRateLimitHit } from '../auth.repository.js';
