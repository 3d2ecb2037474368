import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import type { ChannelRow } from '../../channels/channels.repository.js';
import { restartChannel } from '../../channels/use-cases/restart-channel.js';
import { stopChannel } from '../../channels/use-cases/stop-channel.js';
import { audited } from './record-audit.js';

export type SessionAction = 'restart' | 'disconnect';

/**
 * Restarts (reconnects, the phone staying paired) or disconnects a channel from the sessions
 * monitor, through the channels module's use cases, audited. `tenantId`: another tenant's channel
 * (platform superadmin of tenant 1, /sessoestenants) or the admin's own (/sessoes); the channels
 * module's policy decides.
 */
export async function controlChannelSession(
  ctx: AppContext,
  actor: Actor,
  input: { action: SessionAction; tenantId: number; channelId: number },
): Promise<ChannelRow> {
  return audited(
    ctx,
    actor,
    { action: `channel.${input.action}`, targetType: 'channel', targetId: input.channelId, targetTenantId: input.tenantId },
    () =>
      input.action === 'restart'
        ? restartChannel(ctx, actor, input.channelId, input.tenantId)
        : stopChannel(ctx, actor, input.channelId, input.tenantId),
    (channel) => ({ channel: channel.name, type: channel.type, status: channel.status }),
  );
}
