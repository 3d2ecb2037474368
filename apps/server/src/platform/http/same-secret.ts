import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Timing-safe comparison of a presented secret (webhook secret, signature) with the expected one:
 * fixed-length digests are compared, so neither the content nor the length leaks. A missing
 * expected secret never matches.
 */
export function sameSecret(given: string, expected: string | undefined): boolean {
  const match = timingSafeEqual(digest(given), digest(expected ?? '\u0000no-secret'));
  return match && expected !== undefined;
}
