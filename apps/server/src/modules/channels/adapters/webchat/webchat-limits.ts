import type { Db } from '../../../../platform/db/client.js';
import { AppError } from '../../../../platform/http/app-error.js';
import { hitRateLimit } from '../../../auth/use-cases/hit-rate-limit.js';
import { releaseRateLimitHit } from '../../../auth/use-cases/release-rate-limit-hit.js';

export const WEBCHAT_WINDOW_SECONDS = 60;

/**
 * Counts one use of `key` in the shared rate-limit counters (a fixed one-minute window), atomically
 * and before the work, so a burst of parallel requests cannot all pass; over `max` the use is
 * given back and refused with 429 ERR_LIMIT_MAX.
 */
export async function takeWebchatAllowance(db: Db, key: string, max: number, message?: string): Promise<void> {
  const hits = await hitRateLimit(db, key, WEBCHAT_WINDOW_SECONDS);
  if (hits > max) {
    await releaseRateLimitHit(db, key);
    throw new AppError('ERR_LIMIT_MAX', message);
  }
}

export const webchatLimitKeys = {
  sessionsOfIp: (ip: string) => `webchat:sessions:ip:${ip}`,
  messagesOfVisitor: (visitorId: string) => `webchat:messages:visitor:${visitorId}`,
};
