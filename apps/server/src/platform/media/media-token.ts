import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../http/app-error.js';

/** How long an uploaded file waits for the record that names it. */
const TOKEN_TTL_MS = 24 * 3600 * 1000;

/** A stored upload's facts. */
export interface StoredUpload {
  key: string;
  name: string;
  mime: string;
  size: number;
  type: string;
}

const payloadSchema = z.object({
  key: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  type: z.string(),
  expires: z.number(),
});

/**
 * A file is uploaded first (size and type checked, then stored) and named by the record that uses
 * it through this token: the stored file's facts sealed (AES-GCM) with its purpose and the tenant in
 * the associated data, so a token cannot be forged, altered, used for another purpose or by another tenant.
 */
export function sealMediaToken(ctx: Pick<AppContext, 'secretBox'>, purpose: string, tenantId: number, upload: StoredUpload): string {
  return ctx.secretBox.seal(JSON.stringify({ ...upload, expires: Date.now() + TOKEN_TTL_MS }), `${purpose}:${tenantId}`);
}

/** The upload a token names; 400 ERR_VALIDATION (field `field`) when it is not valid, expired, or another tenant's or purpose's. */
export function openMediaToken(
  ctx: Pick<AppContext, 'secretBox'>,
  purpose: string,
  tenantId: number,
  token: string,
  field = 'mediaToken',
): StoredUpload {
  const invalid = () =>
    new AppError('ERR_VALIDATION', 'The file is not valid: upload it again.', { [field]: ['Invalid or expired upload'] });
  if (!ctx.secretBox.isSealed(token)) throw invalid();
  let parsed: z.infer<typeof payloadSchema>;
  try {
    parsed = payloadSchema.parse(JSON.parse(ctx.secretBox.open(token, `${purpose}:${tenantId}`)));
  } catch {
    throw invalid();
  }
  if (parsed.expires < Date.now() || !parsed.key.startsWith(`${tenantId}/`)) throw invalid();
  const { expires: _expires, ...upload } = parsed;
  return upload;
}
