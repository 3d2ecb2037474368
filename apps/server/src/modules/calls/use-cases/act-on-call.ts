import type { Call } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { callDevice } from '../call-devices.js';
import { callActions, nextCallState } from '../call-state.js';
import { assertMayUseCalls } from '../calls.policy.js';
import { findCall, findCallView, setCallUserIfUnset, updateCallFrom } from '../calls.repository.js';
import { presentCall } from '../calls.presenter.js';
import { openChannelCallTokens } from './call-tokens.js';
import { pushCall } from './push-call.js';

export type CallAction = 'accept' | 'reject' | 'hangup';

const STATUS_AFTER = { accept: 'accept', reject: 'reject', hangup: 'terminate' } as const;

/**
 * A user answers (accept), refuses (reject) an incoming call, or hangs up a call: the command goes to
 * the device that carries the call; the call then takes the new status (accept sets the answer time
 * and the user who took it). 409 ERR_CALL_NOT_ACTIVE when the status does not allow it.
 */
export async function actOnCall(ctx: AppContext, actor: Actor, callId: number, action: CallAction, now = () => new Date()): Promise<Call> {
  await assertMayUseCalls(ctx.db, actor);
  const call = await findCall(ctx.db, actor.tenantId, callId);
  if (!call) throw new AppError('ERR_NO_CALL_FOUND');
  if (!callActions[action](call) || call.channelId === null || call.instance === null) throw new AppError('ERR_CALL_NOT_ACTIVE');
  const token = (await openChannelCallTokens(ctx, actor.tenantId, call.channelId))[call.instance - 1];
  if (!token) throw new AppError('ERR_CALL_NO_TOKENS');
  const device = callDevice(ctx, { tenantId: actor.tenantId, channelId: call.channelId, instance: call.instance }, token);
  try {
    if (action === 'accept') await device.accept();
    else if (action === 'reject') await device.reject();
    else await device.end();
  } catch {
    throw new AppError('ERR_CALL_LINES_BUSY');
  }
  // The device's own signal may have moved the call meanwhile (in any process): apply to the current
  // state, only if it is still that state; the user who accepted is recorded either way.
  const current = (await findCall(ctx.db, actor.tenantId, callId)) ?? call;
  const changes = nextCallState(current, STATUS_AFTER[action], now());
  const applied = changes
    ? await updateCallFrom(ctx.db, actor.tenantId, callId, current.status, {
        ...changes,
        ...(action === 'accept' ? { userId: actor.userId } : {}),
      })
    : undefined;
  if (!applied && action === 'accept') await setCallUserIfUnset(ctx.db, actor.tenantId, callId, actor.userId);
  await pushCall(ctx, actor.tenantId, callId);
  const view = await findCallView(ctx.db, actor.tenantId, callId);
  if (!view) throw new AppError('ERR_NO_CALL_FOUND');
  return presentCall(view);
}
