import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import { clearRateLimit, hitRateLimit, readRateLimit, releaseRateLimitHit } from './auth.repository.js';

/** SPEC §9: after 5 failures within a minute, answer ERR_LIMIT_MAX; retry after 1 minute. */
export const MAX_ATTEMPTS = 5;
export const WINDOW_SECONDS = 60;

/** A counter and how many attempts it allows per window (MAX_ATTEMPTS unless told). */
export type LimitKey = string | { key: string; max: number };

const keyOf = (limit: LimitKey) => (typeof limit === 'string' ? limit : limit.key);
const maxOf = (limit: LimitKey) => (typeof limit === 'string' ? MAX_ATTEMPTS : limit.max);

/**
 * Counts an attempt on every key before the work is done, and refuses it (ERR_LIMIT_MAX) when a key
 * has no room left. Counting first, atomically, is what keeps a burst of parallel requests from all
 * passing a check made before any of them was counted. A refused attempt gives its units back.
 */
export async function takeAttempt(db: Db, limits: LimitKey[]): Promise<void> {
  const taken: string[] = [];
  for (const limit of limits) {
    const key = keyOf(limit);
    const hits = await hitRateLimit(db, key, WINDOW_SECONDS);
    taken.push(key);
    if (hits > maxOf(limit)) {
      for (const counted of taken) await releaseRateLimitHit(db, counted);
      throw new AppError('ERR_LIMIT_MAX');
    }
  }
}

/** Gives back an attempt that turned out not to be a failure (a right password). */
export async function releaseAttempt(db: Db, limit: LimitKey): Promise<void> {
  await releaseRateLimitHit(db, keyOf(limit));
}

export async function clearAttempts(db: Db, limit: LimitKey): Promise<void> {
  await clearRateLimit(db, keyOf(limit));
}

/**
 * A budget of answers that reveal something (an e-mail taken on the platform), per window. Once
 * spent, every attempt is refused, whatever its outcome would have been, so the refusal itself
 * tells nothing either.
 */
export interface RevealBudget {
  key: string;
  max: number;
  windowSeconds: number;
}

export async function assertBudgetLeft(db: Db, budget: RevealBudget): Promise<void> {
  if ((await readRateLimit(db, budget.key, budget.windowSeconds)) >= budget.max)
    throw new AppError('ERR_LIMIT_MAX', 'Too many attempts. Try again later.');
}

export async function spendBudget(db: Db, budget: RevealBudget): Promise<void> {
  await hitRateLimit(db, budget.key, budget.windowSeconds);
}
