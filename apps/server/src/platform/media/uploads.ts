import { AppError } from '../http/app-error.js';

export const MAX_UPLOAD_BYTES = 16 * 1024 * 1024;

/** Families a message can carry; the MIME type is sniffed from the bytes, never trusted from the client. */
const ALLOWED = [
  { prefix: 'image/', type: 'image' },
  { prefix: 'video/', type: 'video' },
  { prefix: 'audio/', type: 'audio' },
  { prefix: 'application/pdf', type: 'document' },
  { prefix: 'application/zip', type: 'document' },
  { prefix: 'application/vnd.openxmlformats-officedocument', type: 'document' },
  { prefix: 'application/msword', type: 'document' },
  { prefix: 'application/vnd.ms-excel', type: 'document' },
  { prefix: 'application/vnd.oasis.opendocument', type: 'document' },
] as const;
const PLAIN_TEXT = new Set(['text/plain', 'text/csv']);

export interface CheckedUpload {
  content: Buffer;
  mime: string;
  name: string;
  type: string;
}

/** Size and type checks of an uploaded file (415 for an unsupported type, 413 when too large). */
export async function checkUpload(content: Buffer, declaredMime: string, filename: string, maxBytes = MAX_UPLOAD_BYTES): Promise<CheckedUpload> {
  if (content.length === 0) throw new AppError('ERR_VALIDATION', 'The file is empty.', { file: ['Empty'] });
  if (content.length > maxBytes) throw new AppError('ERR_PAYLOAD_TOO_LARGE', `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`);
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
