import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { OutboundBlockedError } from '../../../platform/http/outbound-http.js';
import { checkUpload, MAX_UPLOAD_BYTES, type CheckedUpload } from '../../../platform/media/uploads.js';

/**
 * A file given by URL (`mediaUrl`): fetched through the outbound policy (no private or loopback
 * address unless OUTBOUND_ALLOW_PRIVATE_NETWORKS, no redirect followed), at most the upload limit,
 * its type sniffed from the bytes as an upload's.
 */
export async function fetchMediaUrl(ctx: AppContext, url: string): Promise<CheckedUpload> {
  let response: Awaited<ReturnType<AppContext['http']>>;
  try {
    response = await ctx.http(url, { method: 'GET' });
  } catch (error) {
    const reason = error instanceof OutboundBlockedError ? 'This address is not allowed.' : 'The file could not be downloaded.';
    throw new AppError('ERR_VALIDATION', reason, { mediaUrl: [reason] });
  }
  if (response.status !== 200 || !response.body) {
    await response.body?.cancel();
    throw new AppError('ERR_VALIDATION', `The file's address answered ${response.status}.`, { mediaUrl: [`HTTP ${response.status}`] });
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > MAX_UPLOAD_BYTES) {
      await response.body.cancel().catch(() => undefined);
      throw new AppError('ERR_PAYLOAD_TOO_LARGE', `The file is larger than ${Math.round(MAX_UPLOAD_BYTES / 1024 / 1024)} MB.`);
    }
    chunks.push(Buffer.from(chunk));
  }
  const name = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '') || 'file';
  return checkUpload(Buffer.concat(chunks), response.headers.get('content-type')?.split(';')[0]?.trim() ?? '', name);
}

/** A file given inline (`mediaMessage`: base64 content, its name and declared type). */
export async function decodeMediaBase64(media: { media: string; fileName: string; mediaType?: string }): Promise<CheckedUpload> {
  const text = media.media.replace(/^data:[^;]+;base64,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(text)) {
    throw new AppError('ERR_VALIDATION', 'mediaMessage.media is not base64.', { 'mediaMessage.media': ['Not base64'] });
  }
  return checkUpload(Buffer.from(text, 'base64'), media.mediaType ?? '', media.fileName);
}
