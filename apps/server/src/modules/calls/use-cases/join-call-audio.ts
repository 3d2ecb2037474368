import { isFinalCallStatus } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import type { DeviceOwner } from '../call-devices.js';
import { assertMayUseCalls } from '../calls.policy.js';
import { findCall } from '../calls.repository.js';

/**
 * Whether the user may hear and speak in this call: a call of the user's tenant, still going on,
 * that the user placed or took (accepted). Answers the device (channel instance) carrying it.
 * 404 ERR_NO_CALL_FOUND (other tenants' calls too), 403 ERR_NO_PERMISSION (another user's call),
 * 409 ERR_CALL_NOT_ACTIVE (ended), 403 ERR_CALL_BLOCKED (blockWavoip).
 */
export async function joinCallAudio(ctx: AppContext, actor: Actor, callId: unknown): Promise<{ callId: number; owner: DeviceOwner }> {
  const id = typeof callId === 'number' ? callId : Number.NaN;
  if (!Number.isInteger(id) || id <= 0 || id > 2147483647) throw new AppError('ERR_VALIDATION');
  await assertMayUseCalls(ctx.db, actor);
  const call = await findCall(ctx.db, actor.tenantId, id);
  if (!call) throw new AppError('ERR_NO_CALL_FOUND');
  if (call.userId !== actor.userId) throw new AppError('ERR_NO_PERMISSION');
  if (isFinalCallStatus(call.status) || call.channelId === null || call.instance === null) throw new AppError('ERR_CALL_NOT_ACTIVE');
  return { callId: id, owner: { tenantId: actor.tenantId, channelId: call.channelId, instance: call.instance } };
}
