import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import { clearRateLimit, currentRateLimitHits, hitRateLimit } from './auth.repository.js';

/** SPEC §9: after 5 failures within a minute, answer ERR_LIMIT_MAX; retry after 1 minute. */
export const MAX_ATTEMPTS = 5;
export const WINDOW_SECONDS = 60;

export async function assertNotLimited(db: Db, keys: string[]): Promise<void> {
  for (const key of keys) {
    if ((await currentRateLimitHits(db, key, WINDOW_SECONDS)) >= MAX_ATTEMPTS) throw new AppError('ERR_LIMIT_MAX');
  }
}

export async function recordAttempt(db: Db, keys: string[]): Promise<void> {
  for (const key of keys) await hitRateLimit(db, key, WINDOW_SECONDS);
}

export async function clearAttempts(db: Db, key: string): Promise<void> {
  await clearRateLimit(db, key);
}
