/** The longest wait between two attempts of a delivery. */
const MAX_DELAY_SECONDS = 3600;

/**
 * Seconds before the next attempt after `attempts` failed ones: the first delay, doubled each time,
 * at most an hour, give or take 10 % so that many deliveries failing together do not retry together.
 */
export function retryDelaySeconds(attempts: number, firstSeconds: number, random: () => number = Math.random): number {
  const base = Math.min(firstSeconds * 2 ** Math.max(0, attempts - 1), MAX_DELAY_SECONDS);
  return base * (0.9 + 0.2 * random());
}
