import { LRUCache } from 'lru-cache';
import type { AppContext } from '../../../app-context.js';
import { perApp } from '../../../platform/app-state.js';
import { tenantHasPushSubscriptions } from '../web-push.repository.js';

/**
 * Every customer message asks whether anyone of its tenant could get a push (most tenants have no
 * subscription), so the answer is kept PUSH_HINT_MS. A subscription made through this process is
 * known at once; one made through another process within that time. A kept "yes" after the last
 * unsubscription only costs the audience's read, which then finds nobody.
 */
const PUSH_HINT_MS = 5_000;
const hintsOf = perApp(() => ({ hints: new LRUCache<number, boolean>({ max: 20_000, ttl: PUSH_HINT_MS }), generations: new Map<number, number>() }));

export async function tenantMayGetPushes(ctx: AppContext, tenantId: number): Promise<boolean> {
  const { hints, generations } = hintsOf(ctx);
  const kept = hints.get(tenantId);
  if (kept !== undefined) return kept;
  const generation = generations.get(tenantId);
  const answer = await tenantHasPushSubscriptions(ctx.db, tenantId);
  // A subscription committed while this read ran is not hidden by its "no".
  if (generations.get(tenantId) === generation) hints.set(tenantId, answer);
  return answer;
}

/** After a subscription of the tenant is committed here. */
export function notePushSubscriber(ctx: AppContext, tenantId: number): void {
  const { hints, generations } = hintsOf(ctx);
  generations.set(tenantId, (generations.get(tenantId) ?? 0) + 1);
  hints.set(tenantId, true);
}
