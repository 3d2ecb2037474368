import type { AppContext } from '../../app-context.js';
import type { AppError } from '../../platform/http/app-error.js';
import { checkUpload } from '../../platform/media/uploads.js';
import { MAX_INBOUND_BODY, type InboundMedia } from './use-cases/ingest-inbound.js';

/**
 * A file received from a provider, checked by its content and saved under an unguessable key: the
 * media of an inbound message. Its type is what the content is, except for the kinds in `keep`,
 * which the content cannot tell (a sticker is a webp image; a document may be one too).
 * Throws the upload check's AppError when the file is not accepted.
 */
export async function saveInboundFile(
  ctx: Pick<AppContext, 'media'>,
  tenantId: number,
  bytes: Buffer,
  file: { mime: string; name: string; kind: InboundMedia['type']; keep?: readonly InboundMedia['type'][]; maxBytes?: number },
): Promise<InboundMedia> {
  const upload = await checkUpload(bytes, file.mime, file.name, file.maxBytes);
  const key = await ctx.media.save(tenantId, upload.content);
  const type = (file.keep ?? ['sticker']).includes(file.kind) ? file.kind : (upload.type as InboundMedia['type']);
  return { type, key, name: upload.name, mime: upload.mime, size: upload.content.length };
}

/** What a message says in place of a file it could not keep (gone from WhatsApp, or refused). */
export function unkeptFileNote(error: AppError, kind: string, name: string): string {
  return error.code === 'ERR_WAPP_DOWNLOAD_MEDIA' ? `[${kind} could not be downloaded]` : `[${name}: file not accepted (${error.message})]`;
}

/** A message's text with a note on a line of its own, within the inbound size limit. */
export function withNote(body: string, note: string): string {
  return (body ? `${body}\n${note}` : note).slice(0, MAX_INBOUND_BODY);
}
