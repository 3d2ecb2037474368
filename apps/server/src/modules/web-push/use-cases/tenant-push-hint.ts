import type { AppContext } from '../../../app-context.js';
import { perApp } from '../../../platform/app-state.js';
import { KeptReads, TenantChanges } from '../../../platform/cache/kept-reads.js';
import { tenantHasPushSubscriptions } from '../web-push.repository.js';

/**
 * Every customer message asks whether anyone of its tenant could get a push (most tenants have no
 * subscription), so the answer is kept PUSH_HINT_MS. A subscription made through this process is
 * known at once; one made through another process within that time. A kept "yes" after the last
 * unsubscription only costs the audience's read, which then finds nobody.
 */
const PUSH_HINT_MS = 5_000;
const hintsOf = perApp(() => {
  const changes = new TenantChanges();
  return { changes, hints: new KeptReads<number, boolean>(changes, { ttlMs: PUSH_HINT_MS }) };
});

export async function tenantMayGetPushes(ctx: AppContext, tenantId: number): Promise<boolean> {
  // A subscription committed while the read ran is not hidden by its "no".
  return (await hintsOf(ctx).hints.get(tenantId, tenantId, () => tenantHasPushSubscriptions(ctx.db, tenantId))) ?? false;
}

/** After a subscription of the tenant is committed here. */
export function notePushSubscriber(ctx: AppContext, tenantId: number): void {
  const { changes, hints } = hintsOf(ctx);
  changes.note(tenantId);
  hints.set(tenantId, true);
}
