import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import type { Actor } from '../../auth/actor.js';
import { deleteSmsSettings } from '../sms.repository.js';

/**
 * Removes the tenant's SMS provider: nothing more is sent (queued sends fail with
 * ERR_SMS_NOT_CONFIGURED); the history stays.
 */
export async function removeSmsSettings(ctx: AppContext, actor: Actor): Promise<void> {
  await transact(ctx, async (tx) => {
    await deleteSmsSettings(tx, actor.tenantId);
  });
}
