import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { findBrandingFile } from '../branding.repository.js';

/** A white-label image by its key (GET /branding/files/{key}, public: logos are shown on the login page). */
export async function readBrandingFile(ctx: AppContext, key: string): Promise<{ mime: string; content: Buffer }> {
  const file = await findBrandingFile(ctx.db, key);
  if (!file) throw new AppError('ERR_BRANDING_FILE_NOT_FOUND');
  return file;
}
