import type { GroupSettings, groupSettingsBodySchema } from '@conversa/shared';
import type { z } from 'zod';
import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { upsertGroupSettings } from '../group-tools.repository.js';
import { groupChannelOf } from './group-channel.js';

export async function updateGroupSettings(
  ctx: AppContext,
  actor: Actor,
  channelId: number,
  input: z.output<typeof groupSettingsBodySchema>,
): Promise<GroupSettings> {
  await groupChannelOf(ctx.db, actor.tenantId, channelId, { connected: false });
  const row = await upsertGroupSettings(ctx.db, actor.tenantId, channelId, input);
  return {
    whatsappId: channelId,
    greeting: row.greeting,
    farewell: row.farewell,
    wordAction: row.wordAction,
    wordWarning: row.wordWarning,
  };
}
