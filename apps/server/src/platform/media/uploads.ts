import { MEDIA_UPLOAD } from '@conversa/shared';
import { AppError } from '../http/app-error.js';

export const MAX_UPLOAD_BYTES = MEDIA_UPLOAD.maxBytes;

/** Families a message can carry; the MIME type is sniffed from the bytes, never trusted from the client. */
const ALLOWED = MEDIA_UPLOAD.families;
const PLAIN_TEXT: ReadonlySet<string> = new Set(MEDIA_UPLOAD.plainText);

export interface CheckedUpload {
  content: Buffer;
  mime: string;
  name: string;
  type: string;
}

/** Size and type checks of an uploaded file (415 for an unsupported type, 413 when too large). */
export async function checkUpload(
  content: Buffer,
  declaredMime: string,
  filename: string,
  maxBytes = MAX_UPLOAD_BYTES,
): Promise<CheckedUpload> {
  if (content.length === 0) throw new AppError('ERR_VALIDATION', 'The file is empty.', { file: ['Empty'] });
  if (content.length > maxBytes)
    throw new AppError('ERR_PAYLOAD_TOO_LARGE', `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`);
  const name = filename.replace(/[\\/\0]/g, '_').slice(0, 200) || 'file';
  // file-type (with its signature tables) is loaded by the first upload, not at start.
  const { fileTypeFromBuffer } = await import('file-type');
  const sniffed = await fileTypeFromBuffer(content);
  if (sniffed) {
    const family = ALLOWED.find((a) => sniffed.mime.startsWith(a.prefix));
    if (!family) throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE', `Files of type ${sniffed.mime} are not accepted.`);
    return { content, mime: sniffed.mime, name, type: family.type };
  }
  // No magic bytes: only plain text is accepted, and it must be valid UTF-8.
  if (PLAIN_TEXT.has(declaredMime) && isUtf8(content)) return { content, mime: declaredMime, name, type: 'document' };
  throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE', 'This type of file is not accepted.');
}

function isUtf8(content: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(content);
    return true;
  } catch {
    return false;
  }
}
