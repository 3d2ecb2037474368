import type { AppContext } from '../../../app-context.js';
import { syncChannelDevices } from '../call-devices.js';
import { listAllChannelCallTokens } from '../calls.repository.js';
import { openChannelCallTokens } from './call-tokens.js';

/** At start: every channel's voice-call devices are connected, so that incoming calls ring. */
export async function connectCallDevices(ctx: AppContext): Promise<void> {
  for (const row of await listAllChannelCallTokens(ctx.db)) {
    if (row.tokens.length === 0) continue;
    syncChannelDevices(ctx, row.tenantId, row.channelId, await openChannelCallTokens(ctx, row.tenantId, row.channelId));
  }
}
