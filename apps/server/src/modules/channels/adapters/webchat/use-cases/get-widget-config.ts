import type { AppContext } from '../../../../../app-context.js';
import { findEmbeddableChannel, type EmbedRequest } from '../embeddable-channel.js';
import type { WebchatSettings } from '../webchat.schemas.js';

/** What the widget shows before the visitor starts a conversation (title, welcome, colour). */
export async function getWidgetConfig(ctx: Pick<AppContext, 'db'>, request: EmbedRequest): Promise<WebchatSettings> {
  return (await findEmbeddableChannel(ctx, request)).settings;
}
