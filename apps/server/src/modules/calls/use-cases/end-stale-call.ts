import type { AppContext } from '../../../app-context.js';
import { nextCallState } from '../call-state.js';
import { updateCallFrom, type CallRow } from '../calls.repository.js';
import { pushCall } from './push-call.js';

/**
 * A channel instance's live call whose end was never heard (the device or the server went away
 * meanwhile) is over once the device carries another call: it ends here, so that the instance's one
 * live call (calls_live_instance_idx) is the new one.
 */
export async function endStaleCall(ctx: AppContext, tenantId: number, stale: CallRow, now = new Date()): Promise<void> {
  const changes = nextCallState(stale, 'terminate', now);
  if (!changes) return;
  if (await updateCallFrom(ctx.db, tenantId, stale.id, stale.status, changes)) await pushCall(ctx, tenantId, stale.id);
}
