import type { MultipartFile } from '@fastify/multipart';
import { AppError } from './app-error.js';
import { checkUpload, MAX_UPLOAD_BYTES, type CheckedUpload } from '../media/uploads.js';

/** The text of a multipart form's field (the first when repeated), undefined when absent or a file. */
export function multipartFieldValue(field: unknown): string | undefined {
  const single: unknown = Array.isArray(field) ? (field as unknown[])[0] : field;
  if (!single || typeof single !== 'object' || !('value' in single)) return undefined;
  return typeof single.value === 'string' ? single.value : undefined;
}

/** The form's one file, read whole within the upload limit (413 ERR_PAYLOAD_TOO_LARGE) and checked by content. */
export async function readUploadedFile(file: MultipartFile): Promise<CheckedUpload> {
  const tooLarge = () => new AppError('ERR_PAYLOAD_TOO_LARGE', `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`);
  const content = await file.toBuffer().catch(() => {
    throw tooLarge();
  });
  if (file.file.truncated) throw tooLarge();
  return checkUpload(content, file.mimetype, file.filename);
}
