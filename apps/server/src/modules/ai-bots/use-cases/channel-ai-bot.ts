import type { channelAiBotBodySchema } from '@conversa/shared';
import type { z } from 'zod';
import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { findChannelById } from '../../channels/channels.repository.js';
import { assertAudioProvider } from './audio-provider.js';
import { deleteChannelAiBot, findAiSettings, findChannelAiBot, upsertChannelAiBot, type ChannelAiBotRow } from '../ai-bots.repository.js';

export type ChannelAiBotInput = z.output<typeof channelAiBotBodySchema>;

async function assertChannelOfTenant(ctx: AppContext, actor: Actor, channelId: number) {
  if (!(await findChannelById(ctx.db, actor.tenantId, channelId))) throw new AppError('ERR_NO_WAPP_FOUND');
}

export async function getChannelAiBot(ctx: AppContext, actor: Actor, channelId: number): Promise<ChannelAiBotRow | undefined> {
  await assertChannelOfTenant(ctx, actor, channelId);
  return findChannelAiBot(ctx.db, actor.tenantId, channelId);
}

/** Which AI answers on a channel (provider null: none); the provider must be set up for the tenant (409 ERR_AI_NOT_CONFIGURED). */
export async function saveChannelAiBot(
  ctx: AppContext,
  actor: Actor,
  channelId: number,
  input: ChannelAiBotInput,
): Promise<ChannelAiBotRow | undefined> {
  await assertChannelOfTenant(ctx, actor, channelId);
  const { provider } = input;
  if (provider === null) {
    await transact(ctx, async (tx) => deleteChannelAiBot(tx, actor.tenantId, channelId));
    return undefined;
  }
  if (!(await findAiSettings(ctx.db, actor.tenantId, provider))) throw new AppError('ERR_AI_NOT_CONFIGURED');
  if (input.answerWithVoice) await assertAudioProvider(ctx.db, actor.tenantId, provider, 'answerWithVoice');
  return transact(ctx, async (tx) =>
    upsertChannelAiBot(tx, actor.tenantId, channelId, {
      provider,
      prompt: input.prompt,
      stopWord: input.stopWord,
      restartWord: input.restartWord,
      answerNewTickets: input.answerNewTickets,
      answerWithVoice: input.answerWithVoice,
      voice: input.voice,
      speechModel: input.speechModel,
    }),
  );
}
