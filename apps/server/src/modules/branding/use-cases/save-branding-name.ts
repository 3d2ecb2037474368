import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanCustomise } from '../branding.policy.js';
import { lockTenantBranding, updateTenantBranding } from '../branding.repository.js';
import { resolveBranding, type EffectiveBranding } from './resolve-branding.js';

/** The application name the company's users see (PUT /tenants/branding/); null inherits the platform's. */
export async function saveBrandingName(ctx: AppContext, actor: Actor, appName: string | null): Promise<EffectiveBranding> {
  assertCanCustomise(actor);
  await transact(ctx, async (tx) => {
    await lockTenantBranding(tx, actor.tenantId);
    await updateTenantBranding(tx, actor.tenantId, { appName });
  });
  return resolveBranding(ctx.db, actor.tenantId);
}
