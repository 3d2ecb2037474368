import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { findSmsSettings, type SmsSettingsRow } from '../sms.repository.js';

export async function getSmsSettings(ctx: AppContext, actor: Actor): Promise<SmsSettingsRow | undefined> {
  return findSmsSettings(ctx.db, actor.tenantId);
}
