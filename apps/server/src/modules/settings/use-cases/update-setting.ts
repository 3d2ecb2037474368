import { allowedSettingValues, EXCLUSIVE_VISIBILITY_SETTINGS, MAIN_TENANT_ID, type SettingKey } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import { isPlatformAdmin, type Actor } from '../../auth/actor.js';
import { lockSettings, readSettings, writeSetting } from '../settings.repository.js';

/** Platform-wide switches, read on tenant 1 and changed only by its superadmin. */
const PLATFORM_SETTINGS: readonly SettingKey[] = ['userCreation'];

export async function updateSetting(ctx: AppContext, actor: Actor, key: SettingKey, value: string) {
  const allowed = allowedSettingValues(key);
  if (!allowed.includes(value))
    throw new AppError('ERR_VALIDATION', `${key} accepts: ${allowed.join(', ')}.`, { value: [`One of: ${allowed.join(', ')}`] });
  if (PLATFORM_SETTINGS.includes(key) && !(isPlatformAdmin(actor) && actor.tenantId === MAIN_TENANT_ID))
    throw new AppError('ERR_NO_PERMISSION');
  await transact(ctx, async (tx, events) => {
    await lockSettings(tx, actor.tenantId);
    if (value === 'enabled' && EXCLUSIVE_VISIBILITY_SETTINGS.includes(key)) {
      const current = await readSettings(tx, actor.tenantId);
      const conflicting = EXCLUSIVE_VISIBILITY_SETTINGS.find((other) => other !== key && current[other] === 'enabled');
      if (conflicting) {
        throw new AppError('ERR_SETTINGS_CONFLICT', undefined, { [key]: [`Cannot be enabled together with ${conflicting}.`] });
      }
    }
    await writeSetting(tx, actor.tenantId, key, value);
    // After the commit the pushes re-read the settings and, for a visibility setting, the sockets get their new rooms.
    events.push({ type: 'settings.changed', tenantId: actor.tenantId, key });
  });
  return { key, value };
}
