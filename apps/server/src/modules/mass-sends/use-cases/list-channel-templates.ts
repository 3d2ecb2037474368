import type { MassSendTemplateOption } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import type { ChannelTemplate } from '../../channels/adapters/channel-adapter.js';
import { adapterFor } from '../../channels/adapters/registry.js';
import { type ChannelRow } from '../../channels/channels.repository.js';
import { findChannelById } from '../../channels/use-cases/find-channel-by-id.js';
import { describeTemplate } from '../mass-send-rules.js';

/** The channel of a template kind: the tenant's, and of a type that has approved templates (the official API). */
export async function templateChannel(ctx: AppContext, tenantId: number, channelId: number): Promise<ChannelRow> {
  const channel = await findChannelById(ctx.db, tenantId, channelId);
  if (!channel) throw new AppError('ERR_NO_WAPP_FOUND');
  if (!adapterFor(channel.type).listTemplates) throw new AppError('ERR_MASS_SEND_NOT_OFFICIAL');
  return channel;
}

/** The approved templates of the channel, read from the provider now. */
export async function fetchChannelTemplates(ctx: AppContext, channel: ChannelRow): Promise<ChannelTemplate[]> {
  return adapterFor(channel.type).listTemplates!(ctx, channel);
}

/** GET /mass-sends/templates?whatsappId=: what the template tabs offer, with each body and its placeholders. */
export async function listChannelTemplates(ctx: AppContext, actor: Actor, channelId: number): Promise<MassSendTemplateOption[]> {
  const templates = await fetchChannelTemplates(ctx, await templateChannel(ctx, actor.tenantId, channelId));
  return templates.map((template) => {
    const { body, params, problem } = describeTemplate(template);
    return {
      name: template.name,
      language: template.language,
      category: template.category,
      body,
      params,
      usable: problem === null,
      reason: problem,
    };
  });
}
