import { CALL_TOKEN_MASK, type ChannelCallTokens } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { syncChannelDevices } from '../call-devices.js';
import { findChannelCallTokens, saveChannelCallTokens } from '../calls.repository.js';
import { presentCallTokens } from '../calls.presenter.js';
import { openChannelCallTokens, requireCallChannel } from './call-tokens.js';

/**
 * Sets a channel's voice-call tokens (comma-separated in the form, tried in this order). A mask in a
 * position keeps the token stored at that position; every token is sealed at rest. The channel's
 * devices are connected at once, so that incoming calls ring.
 */
export async function saveChannelCallTokensUseCase(
  ctx: AppContext,
  actor: Actor,
  channelId: number,
  tokens: string[],
): Promise<ChannelCallTokens> {
  await requireCallChannel(ctx, actor.tenantId, channelId);
  const stored = (await findChannelCallTokens(ctx.db, actor.tenantId, channelId))?.tokens ?? [];
  const sealed = tokens
    .map((token, index) => (token === CALL_TOKEN_MASK ? stored[index] : ctx.secretBox.seal(token, 'callToken')))
    .filter((token): token is string => typeof token === 'string');
  const row = await saveChannelCallTokens(ctx.db, actor.tenantId, channelId, sealed);
  syncChannelDevices(ctx, actor.tenantId, channelId, await openChannelCallTokens(ctx, actor.tenantId, channelId));
  return presentCallTokens(channelId, row);
}
