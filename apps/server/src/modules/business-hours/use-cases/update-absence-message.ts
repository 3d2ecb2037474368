import { DEFAULT_BUSINESS_WEEK, type BusinessHours } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { getTenantTimeZone } from '../../tenants/use-cases/get-tenant-time-zone.js';
import { assertCanManageBusinessHours } from '../business-hours.policy.js';
import { presentBusinessHours } from '../business-hours.presenter.js';
import { saveAbsenceMessage } from '../business-hours.repository.js';

/** PUT /tenants/message-business-hours/: the absence message (its variables checked by the route's schema); empty sends none. */
export async function updateAbsenceMessage(ctx: AppContext, actor: Actor, message: string): Promise<BusinessHours> {
  assertCanManageBusinessHours(actor);
  const row = await saveAbsenceMessage(ctx.db, actor.tenantId, message, DEFAULT_BUSINESS_WEEK);
  return presentBusinessHours(row, await getTenantTimeZone(ctx.db, actor.tenantId));
}
