import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import { clearRateLimit, hitRateLimit, releaseRateLimitHit } from './auth.repository.js';

/** SPEC §9: after 5 failures within a minute, answer ERR_LIMIT_MAX; retry after 1 minute. */
export const MAX_ATTEMPTS = 5;
export const WINDOW_SECONDS = 60;

/**
 * Counts an attempt on every key before the work is done, and refuses it (ERR_LIMIT_MAX) when a key
 * has no room left. Counting first, atomically, is what keeps a burst of parallel requests from all
 * passing a check made before any of them was counted. A refused attempt gives its units back.
 */
export async function takeAttempt(db: Db, keys: string[]): Promise<void> {
  const taken: string[] = [];
  for (const key of keys) {
    const hits = await hitRateLimit(db, key, WINDOW_SECONDS);
    taken.push(key);
    if (hits > MAX_ATTEMPTS) {
      for (const counted of taken) await releaseRateLimitHit(db, counted);
      throw new AppError('ERR_LIMIT_MAX');
    }
  }
}

/** Gives back an attempt that turned out not to be a failure (a right password). */
export async function releaseAttempt(db: Db, key: string): Promise<void> {
  await releaseRateLimitHit(db, key);
}

export async function clearAttempts(db: Db, key: string): Promise<void> {
  await clearRateLimit(db, key);
}
