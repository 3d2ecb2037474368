import type { BusinessHours } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { getTenantTimeZone } from '../../tenants/use-cases/get-tenant-time-zone.js';
import { assertCanManageBusinessHours } from '../business-hours.policy.js';
import { presentBusinessHours } from '../business-hours.presenter.js';
import { findBusinessHours } from '../business-hours.repository.js';

export async function getBusinessHours(ctx: AppContext, actor: Actor): Promise<BusinessHours> {
  assertCanManageBusinessHours(actor);
  const [row, timeZone] = await Promise.all([findBusinessHours(ctx.db, actor.tenantId), getTenantTimeZone(ctx.db, actor.tenantId)]);
  return presentBusinessHours(row, timeZone);
}
