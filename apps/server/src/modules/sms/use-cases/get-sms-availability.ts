import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { findSmsSettings } from '../sms.repository.js';

/** Whether the tenant can send SMS (the chat shows its SMS action only then). */
export async function getSmsAvailability(ctx: AppContext, actor: Actor): Promise<{ configured: boolean }> {
  return { configured: Boolean(await findSmsSettings(ctx.db, actor.tenantId)) };
}
