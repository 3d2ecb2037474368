import type { AppContext } from '../../../app-context.js';
import { runBillingRound } from './run-billing-round.js';

/**
 * TEST_CLOCK only (end-to-end tests): moves this server's clock forward and runs the billing round
 * at once, as the every-minute job would at that time (trial ends, due dates, overdue payments).
 */
export async function advanceTestClock(ctx: AppContext, ms: number): Promise<{ now: string }> {
  ctx.clock.advance(ms);
  await runBillingRound(ctx);
  return { now: ctx.clock.now().toISOString() };
}
