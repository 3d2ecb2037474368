import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { findCallChannel, findChannelCallTokens } from '../calls.repository.js';

/** A channel's instance tokens in clear, in order: for placing calls only, never answered. */
export async function openChannelCallTokens(ctx: AppContext, tenantId: number, channelId: number): Promise<string[]> {
  const row = await findChannelCallTokens(ctx.db, tenantId, channelId);
  const opened: string[] = [];
  for (const sealed of row?.tokens ?? []) {
    try {
      opened.push(ctx.secretBox.open(sealed, 'callToken'));
    } catch {
      // A token sealed with another key cannot be used: the channel form sets it again.
    }
  }
  return opened;
}

export async function requireCallChannel(ctx: AppContext, tenantId: number, channelId: number) {
  const channel = await findCallChannel(ctx.db, tenantId, channelId);
  if (!channel) throw new AppError('ERR_NO_WAPP_FOUND');
  return channel;
}
