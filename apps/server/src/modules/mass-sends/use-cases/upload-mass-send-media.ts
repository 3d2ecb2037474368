import type { MassSendUpload } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { sealMediaToken } from '../../../platform/media/media-token.js';
import type { CheckedUpload } from '../../../platform/media/uploads.js';
import type { Actor } from '../../auth/actor.js';
import { MASS_SEND_MEDIA_PURPOSE } from './create-mass-send.js';

/** Stores a checked file (sniffed type, size) for a mass send's text and answers the token its create names. */
export async function uploadMassSendMedia(ctx: AppContext, actor: Actor, upload: CheckedUpload): Promise<MassSendUpload> {
  const stored = {
    key: await ctx.media.save(actor.tenantId, upload.content),
    name: upload.name,
    mime: upload.mime,
    size: upload.content.length,
    type: upload.type,
  };
  return {
    mediaToken: sealMediaToken(ctx, MASS_SEND_MEDIA_PURPOSE, actor.tenantId, stored),
    name: stored.name,
    mime: stored.mime,
    size: stored.size,
    type: stored.type,
  };
}
