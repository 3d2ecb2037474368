import { BOT_INTEGRATIONS, type BotIntegration, type channelAiBotBodySchema } from '@conversa/shared';
import type { z } from 'zod';
import type { AppContext } from '../../../app-context.js';
import type { Db } from '../../../platform/db/client.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { findChannelById } from '../../channels/use-cases/find-channel-by-id.js';
import {
  deleteChannelAiBot,
  findAiSettings,
  findBotIntegration,
  findChannelAiBot,
  findChannelIntegrationOptions,
  updateChannelIntegrationOptions,
  upsertChannelAiBot,
} from '../ai-bots.repository.js';
import { assertAudioProvider } from './audio-provider.js';

export type ChannelAiBotInput = z.output<typeof channelAiBotBodySchema>;

async function assertChannelOfTenant(ctx: AppContext, actor: Actor, channelId: number) {
  if (!(await findChannelById(ctx.db, actor.tenantId, channelId))) throw new AppError('ERR_NO_WAPP_FOUND');
}

async function readChannelAiBot(db: Db, tenantId: number, channelId: number) {
  const row = await findChannelAiBot(db, tenantId, channelId);
  const options = (await findChannelIntegrationOptions(db, tenantId, channelId)) ?? {
    disableIntegrationsOnOpen: true,
    waitIntegrationProcessing: true,
  };
  return { row, options };
}

export async function getChannelAiBot(ctx: AppContext, actor: Actor, channelId: number) {
  await assertChannelOfTenant(ctx, actor, channelId);
  return readChannelAiBot(ctx.db, actor.tenantId, channelId);
}

const isIntegration = (name: string): name is BotIntegration => (BOT_INTEGRATIONS as readonly string[]).includes(name);

/**
 * Which bot answers on a channel (provider null: none) and the channel's integration options; the
 * bot must be set up for the tenant (409 ERR_AI_NOT_CONFIGURED).
 */
export async function saveChannelAiBot(ctx: AppContext, actor: Actor, channelId: number, input: ChannelAiBotInput) {
  await assertChannelOfTenant(ctx, actor, channelId);
  const { provider } = input;
  if (provider !== null) {
    const configured = isIntegration(provider)
      ? await findBotIntegration(ctx.db, actor.tenantId, provider)
      : await findAiSettings(ctx.db, actor.tenantId, provider);
    if (!configured) throw new AppError('ERR_AI_NOT_CONFIGURED');
  }
  if (provider !== null && input.answerWithVoice) {
    if (isIntegration(provider))
      throw new AppError('ERR_VALIDATION', undefined, {
        answerWithVoice: ['Only an AI (LLM) answers with voice; an integration sends its own messages.'],
      });
    await assertAudioProvider(ctx.db, actor.tenantId, provider, 'answerWithVoice');
  }
  return transact(ctx, async (tx) => {
    await updateChannelIntegrationOptions(tx, actor.tenantId, channelId, {
      disableIntegrationsOnOpen: input.disableIntegrationsOnOpen,
      waitIntegrationProcessing: input.waitIntegrationProcessing,
    });
    if (provider === null) await deleteChannelAiBot(tx, actor.tenantId, channelId);
    else
      await upsertChannelAiBot(tx, actor.tenantId, channelId, {
        provider,
        prompt: input.prompt,
        stopWord: input.stopWord,
        restartWord: input.restartWord,
        answerNewTickets: input.answerNewTickets,
        answerWithVoice: input.answerWithVoice,
        voice: input.voice,
        speechModel: input.speechModel,
      });
    return readChannelAiBot(tx, actor.tenantId, channelId);
  });
}
