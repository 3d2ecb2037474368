import type { AppContext } from '../../../app-context.js';
import type { DeviceOwner } from '../call-devices.js';
import { nextCallState } from '../call-state.js';
import { findCallChannel, findLiveCall, insertCall, updateCall } from '../calls.repository.js';
import { channelParty } from '../calls.presenter.js';
import type { WavoipSignal } from '../wavoip/wavoip.adapter.js';
import { pushCall } from './push-call.js';

/**
 * A device's signal: an `offer` records an incoming call and rings the tenant's softphones; any
 * other status moves the instance's live call through the state machine and tells the softphones.
 */
export async function recordCallSignal(ctx: AppContext, owner: DeviceOwner, signal: WavoipSignal, now = new Date()): Promise<void> {
  const live = await findLiveCall(ctx.db, owner.tenantId, owner.channelId, owner.instance);
  if (signal.status === 'offer') {
    if (live?.status === 'offer' && live.phone === signal.phone) return;
    const channel = await findCallChannel(ctx.db, owner.tenantId, owner.channelId);
    if (!channel || !signal.phone) return;
    const call = await insertCall(ctx.db, owner.tenantId, {
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
    await pushCall(ctx, owner.tenantId, call.id);
    return;
  }
  if (!live) return;
  const changes = nextCallState(live, signal.status, now);
  if (!changes) return;
  await updateCall(ctx.db, owner.tenantId, live.id, changes);
  await pushCall(ctx, owner.tenantId, live.id);
}
