import type { ChannelCallTokens } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { findChannelCallTokens } from '../calls.repository.js';
import { presentCallTokens } from '../calls.presenter.js';
import { requireCallChannel } from './call-tokens.js';

/** A channel's voice-call tokens as the channel form shows them: masked. */
export async function getChannelCallTokens(ctx: AppContext, actor: Actor, channelId: number): Promise<ChannelCallTokens> {
  await requireCallChannel(ctx, actor.tenantId, channelId);
  return presentCallTokens(channelId, await findChannelCallTokens(ctx.db, actor.tenantId, channelId));
}
