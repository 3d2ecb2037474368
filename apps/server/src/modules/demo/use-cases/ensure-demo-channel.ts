import { MAIN_TENANT_ID } from '@conversa/shared';
import type { MetaCloudSimulator } from '@conversa/simulators';
import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { type ChannelRow } from '../../channels/channels.repository.js';
import { listChannels } from '../../channels/use-cases/list-channels.js';
import { createChannel } from '../../channels/use-cases/create-channel.js';
import { startChannel } from '../../channels/use-cases/start-channel.js';
import { updateChannel } from '../../channels/use-cases/update-channel.js';

export const DEMO_CHANNEL_NAME = 'WhatsApp (demo simulator)';

/** The server itself, acting on tenant 1 at start-up (no user session). */
const SYSTEM_ACTOR: Actor = { userId: 0, tenantId: MAIN_TENANT_ID, profile: 'superadmin', sessionId: 'demo-simulators' };

/**
 * Tenant 1's waba channel on the in-process Meta Cloud API simulator: created on the first start
 * with DEMO_SIMULATORS on; on later starts (the simulator has a new port and new credentials each
 * time) the same channel gets the new settings and is started again. Never deleted here.
 */
export async function ensureDemoChannel(ctx: AppContext, sim: MetaCloudSimulator): Promise<ChannelRow> {
  const settings = {
    phoneNumberId: sim.phoneNumberId,
    businessAccountId: sim.businessAccountId,
    token: sim.token,
    appSecret: sim.appSecret,
    verifyToken: sim.appSecret,
    baseUrl: sim.url,
  };
  const existing = (await listChannels(ctx.db, MAIN_TENANT_ID)).find((c) => c.type === 'waba' && c.name === DEMO_CHANNEL_NAME);
  if (!existing) return createChannel(ctx, SYSTEM_ACTOR, { name: DEMO_CHANNEL_NAME, type: 'waba', settings });
  await updateChannel(ctx, SYSTEM_ACTOR, existing.id, { settings });
  return startChannel(ctx, SYSTEM_ACTOR, existing.id);
}
