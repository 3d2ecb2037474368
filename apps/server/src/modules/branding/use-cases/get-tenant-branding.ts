import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanCustomise } from '../branding.policy.js';
import { resolveBranding, type EffectiveBranding } from './resolve-branding.js';

/** The /customizar screen's settings of the actor's company (GET /tenants/branding/). */
export async function getTenantBranding(ctx: AppContext, actor: Actor): Promise<EffectiveBranding> {
  assertCanCustomise(actor);
  return resolveBranding(ctx.db, actor.tenantId);
}
