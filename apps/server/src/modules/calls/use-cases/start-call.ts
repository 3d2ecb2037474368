import { CALL_INSTANCE_TIMEOUT_MS, type Call, type StartCallBody } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { callDevice } from '../call-devices.js';
import { assertMayUseCalls } from '../calls.policy.js';
import { claimLiveCall, findCallView, findLiveCall } from '../calls.repository.js';
import { channelParty, presentCall } from '../calls.presenter.js';
import { openChannelCallTokens, requireCallChannel } from './call-tokens.js';
import { endStaleCall } from './end-stale-call.js';
import { pushCall } from './push-call.js';

/**
 * Places an outgoing call (SPEC §7 softphone): the channel's instance tokens are tried in turn, the
 * next one after a refusal or after 1 s without an answer; the first that takes the call carries it.
 * When every line fails: 409 ERR_CALL_LINES_BUSY ('Linha ocupada, tente mais tarde ou faça um upgrade').
 */
export async function startCall(ctx: AppContext, actor: Actor, body: StartCallBody): Promise<Call> {
  await assertMayUseCalls(ctx.db, actor);
  const channel = await requireCallChannel(ctx, actor.tenantId, body.channelId);
  const tokens = await openChannelCallTokens(ctx, actor.tenantId, channel.id);
  if (tokens.length === 0) throw new AppError('ERR_CALL_NO_TOKENS');

  for (const [index, token] of tokens.entries()) {
    const owner = { tenantId: actor.tenantId, channelId: channel.id, instance: index + 1 };
    try {
      await callDevice(ctx, owner, token).startCall(body.phone, CALL_INSTANCE_TIMEOUT_MS);
    } catch (error) {
      ctx.logger.info({ err: error, channelId: channel.id, instance: owner.instance }, 'call instance failed, trying the next');
      continue;
    }
    // The device took the call: whatever call the instance still had live is over.
    const values = {
      channelId: channel.id,
      userId: actor.userId,
      direction: 'outgoing',
      phone: body.phone,
      caller: channelParty(channel),
      receiver: body.phone,
      status: 'outcoming_calling',
      instance: owner.instance,
    } as const;
    let call = await claimLiveCall(ctx.db, actor.tenantId, values);
    for (let attempt = 0; !call && attempt < 2; attempt++) {
      const stale = await findLiveCall(ctx.db, actor.tenantId, channel.id, owner.instance);
      if (stale) await endStaleCall(ctx, actor.tenantId, stale);
      call = await claimLiveCall(ctx.db, actor.tenantId, values);
    }
    if (!call) throw new AppError('ERR_CALL_LINES_BUSY');
    await pushCall(ctx, actor.tenantId, call.id);
    const view = await findCallView(ctx.db, actor.tenantId, call.id);
    if (!view) throw new AppError('ERR_NO_CALL_FOUND');
    return presentCall(view);
  }
  throw new AppError('ERR_CALL_LINES_BUSY');
}
