import type { BusinessDay, BusinessHours } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { getTenantTimeZone } from '../../tenants/use-cases/get-tenant-time-zone.js';
import { setTenantTimeZone } from '../../tenants/use-cases/set-tenant-time-zone.js';
import { assertCanChangeTimeZone, assertCanManageBusinessHours } from '../business-hours.policy.js';
import { presentBusinessHours } from '../business-hours.presenter.js';
import { saveBusinessDays } from '../business-hours.repository.js';

/** PUT /tenants/business-hours/: the week (validated: times, order, no overlaps) and, when given, the tenant's time zone. */
export async function updateBusinessHours(
  ctx: AppContext,
  actor: Actor,
  input: { businessHours: BusinessDay[]; timeZone?: string },
): Promise<BusinessHours> {
  assertCanManageBusinessHours(actor);
  return ctx.db.transaction(async (tx) => {
    const current = await getTenantTimeZone(tx, actor.tenantId);
    let timeZone = current;
    if (input.timeZone !== undefined && input.timeZone !== current) {
      assertCanChangeTimeZone(actor);
      timeZone = await setTenantTimeZone(tx, actor.tenantId, input.timeZone);
    }
    const row = await saveBusinessDays(tx, actor.tenantId, input.businessHours);
    return presentBusinessHours(row, timeZone);
  });
}
