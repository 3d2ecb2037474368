import type { AppContext } from '../../../app-context.js';
import type { DeviceOwner } from '../call-devices.js';
import { nextCallState } from '../call-state.js';
import { claimLiveCall, findCallChannel, findLiveCall, updateCallFrom } from '../calls.repository.js';
import { channelParty } from '../calls.presenter.js';
import type { WavoipSignal } from '../wavoip/wavoip.adapter.js';
import { endStaleCall } from './end-stale-call.js';
import { pushCall } from './push-call.js';

/**
 * A device's signal: an `offer` records an incoming call and rings the tenant's softphones; any
 * other status moves the instance's live call through the state machine and tells the softphones.
 * Every server process holding the token hears the signal: the offer is recorded by the one that
 * claims the instance's live call first (unique calls_live_instance_idx), and each change by the one
 * whose conditional update finds the call still in its previous status; the others do nothing.
 */
export async function recordCallSignal(ctx: AppContext, owner: DeviceOwner, signal: WavoipSignal, now = new Date()): Promise<void> {
  const live = await findLiveCall(ctx.db, owner.tenantId, owner.channelId, owner.instance);
  if (signal.status === 'offer') {
    // This call, already recorded (by this process or another one holding the token).
    if (live && live.direction === 'incoming' && live.phone === signal.phone) return;
    const channel = await findCallChannel(ctx.db, owner.tenantId, owner.channelId);
    if (!channel || !signal.phone) return;
    if (live) await endStaleCall(ctx, owner.tenantId, live, now);
    const call = await claimLiveCall(ctx.db, owner.tenantId, {
      channelId: channel.id,
      userId: null,
      direction: 'incoming',
      phone: signal.phone,
      caller: signal.phone,
      receiver: channelParty(channel),
      contactName: signal.contactName ?? null,
      status: 'offer',
      instance: owner.instance,
      startedAt: now,
    });
    // Another process recorded this offer first.
    if (!call) return;
    await pushCall(ctx, owner.tenantId, call.id);
    return;
  }
  if (!live) return;
  const changes = nextCallState(live, signal.status, now);
  if (!changes) return;
  if (!(await updateCallFrom(ctx.db, owner.tenantId, live.id, live.status, changes))) return;
  await pushCall(ctx, owner.tenantId, live.id);
}
