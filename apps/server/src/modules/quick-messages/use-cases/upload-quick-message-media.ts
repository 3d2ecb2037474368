import type { QuickMessageUpload } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { CheckedUpload } from '../../../platform/media/uploads.js';
import type { Actor } from '../../auth/actor.js';
import { sealMediaToken } from '../media-token.js';
import { assertCanManageQuickMessages } from '../quick-messages.policy.js';

/** Stores a checked file (sniffed type, size) for a quick message and answers the token its create or update names. */
export async function uploadQuickMessageMedia(ctx: AppContext, actor: Actor, upload: CheckedUpload): Promise<QuickMessageUpload> {
  assertCanManageQuickMessages(actor);
  const media = {
    mediaKey: await ctx.media.save(actor.tenantId, upload.content),
    mediaName: upload.name,
    mediaMime: upload.mime,
    mediaSize: upload.content.length,
    mediaType: upload.type,
  };
  return {
    mediaToken: sealMediaToken(ctx, actor.tenantId, media),
    name: upload.name,
    mime: upload.mime,
    size: upload.content.length,
    type: upload.type,
  };
}
