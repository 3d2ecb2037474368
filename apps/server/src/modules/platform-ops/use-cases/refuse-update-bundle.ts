import { UPDATE_BUNDLE_NAME, UPDATE_UPLOAD_MAX_BYTES } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertPlatformOperator } from '../platform-ops.policy.js';
import { audited } from './record-audit.js';

/**
 * An uploaded update bundle (SPEC §2 system update, `update_rapido.zip`): never stored, unpacked
 * or run. A bundle would be accepted only as a verified (signed) release, and Conversa publishes
 * none: every upload is refused with how to update instead (README, "Updating"). Audited, with the
 * file's name and size (its bytes were read only to be discarded, within UPDATE_UPLOAD_MAX_BYTES).
 */
export async function refuseUpdateBundle(
  ctx: AppContext,
  actor: Actor,
  file: { name: string; bytes: number; truncated: boolean },
): Promise<void> {
  assertPlatformOperator(actor);
  return audited(
    ctx,
    actor,
    { action: 'update.upload', targetType: 'update', targetId: file.name, details: { bytes: file.bytes } },
    async () => {
      if (file.truncated)
        throw new AppError('ERR_PAYLOAD_TOO_LARGE', `The file is larger than ${UPDATE_UPLOAD_MAX_BYTES / 1024 / 1024} MB.`);
      if (file.name !== UPDATE_BUNDLE_NAME) throw new AppError('ERR_UPDATE_FILE_NAME');
      throw new AppError('ERR_UPDATE_NOT_VERIFIED');
    },
  );
}
