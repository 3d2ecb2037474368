import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { listChannelDefaults, type ChannelDefaultsRow } from '../channel-defaults.repository.js';
import { assertCanManageChannels } from '../channels.policy.js';

export async function getChannelDefaults(ctx: AppContext, actor: Actor): Promise<ChannelDefaultsRow[]> {
  assertCanManageChannels(actor);
  return listChannelDefaults(ctx.db, actor.tenantId);
}
