import type { AppContext } from '../../../../app-context.js';
import { AppError } from '../../../../platform/http/app-error.js';
import { assertChannelAcceptsVisitors, assertOriginAllowed } from './webchat.policy.js';
import { findChannelForEmbed } from './webchat.repository.js';
import { readWebchatSettings, type WebchatSettings } from './webchat.schemas.js';

export interface EmbedRequest {
  publicKey: string;
  /** The page that embeds the widget (Origin header) and the host it called. */
  origin?: string;
  host?: string;
}

/** The channel of an embed key, if it takes visitors from that page (before any visitor session exists). */
export async function findEmbeddableChannel(
  ctx: Pick<AppContext, 'db'>,
  request: EmbedRequest,
): Promise<{ id: number; tenantId: number; settings: WebchatSettings }> {
  const channel = await findChannelForEmbed(ctx.db, request.publicKey);
  assertChannelAcceptsVisitors(channel);
  if (!channel || channel.tenantStatus !== 'active') throw new AppError('ERR_NO_WAPP_FOUND');
  const settings = readWebchatSettings(channel.settings);
  assertOriginAllowed(settings, request.origin, request.host);
  return { id: channel.id, tenantId: channel.tenantId, settings };
}
