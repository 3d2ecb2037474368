import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/http/app-error.js';
import type { QuickMessageMedia } from './quick-messages.repository.js';

/** How long an uploaded file waits for the quick message that names it. */
const TOKEN_TTL_MS = 24 * 3600 * 1000;

const payloadSchema = z.object({
  key: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  type: z.string(),
  expires: z.number(),
});

const label = (tenantId: number) => `quick-message-media:${tenantId}`;

/**
 * The file of a quick message is uploaded first (POST /fastreply/media: size and type checked, then
 * stored) and named by the create or update through this token: the stored file's facts sealed
 * (AES-GCM) with the tenant in the associated data, so a token cannot be forged, altered or used
 * by another tenant.
 */
export function sealMediaToken(ctx: AppContext, tenantId: number, media: QuickMessageMedia): string {
  const payload = {
    key: media.mediaKey,
    name: media.mediaName,
    mime: media.mediaMime,
    size: media.mediaSize,
    type: media.mediaType,
    expires: Date.now() + TOKEN_TTL_MS,
  };
  return ctx.secretBox.seal(JSON.stringify(payload), label(tenantId));
}

export function openMediaToken(ctx: AppContext, tenantId: number, token: string): QuickMessageMedia {
  const invalid = () =>
    new AppError('ERR_VALIDATION', 'The file is not valid: upload it again.', { mediaToken: ['Invalid or expired upload'] });
  if (!ctx.secretBox.isSealed(token)) throw invalid();
  let parsed: z.infer<typeof payloadSchema>;
  try {
    parsed = payloadSchema.parse(JSON.parse(ctx.secretBox.open(token, label(tenantId))));
  } catch {
    throw invalid();
  }
  if (parsed.expires < Date.now() || !parsed.key.startsWith(`${tenantId}/`)) throw invalid();
  return { mediaKey: parsed.key, mediaName: parsed.name, mediaMime: parsed.mime, mediaSize: parsed.size, mediaType: parsed.type };
}
