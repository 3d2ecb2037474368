import type { AppContext } from '../../app-context.js';
import { openMediaToken as openToken, sealMediaToken as sealToken } from '../../platform/media/media-token.js';
import type { QuickMessageMedia } from './quick-messages.repository.js';

const PURPOSE = 'quick-message-media';

/** The file of a quick message is uploaded first (POST /fastreply/media) and named by the create or update through this token. */
export function sealMediaToken(ctx: AppContext, tenantId: number, media: QuickMessageMedia): string {
  return sealToken(ctx, PURPOSE, tenantId, {
    key: media.mediaKey,
    name: media.mediaName,
    mime: media.mediaMime,
    size: media.mediaSize,
    type: media.mediaType,
  });
}

export function openMediaToken(ctx: AppContext, tenantId: number, token: string): QuickMessageMedia {
  const upload = openToken(ctx, PURPOSE, tenantId, token);
  return { mediaKey: upload.key, mediaName: upload.name, mediaMime: upload.mime, mediaSize: upload.size, mediaType: upload.type };
}
