import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { resolveBranding, type EffectiveBranding } from './resolve-branding.js';

/** The branding a signed-in user's app shows (GET /branding): the company's own over the platform's. */
export async function getBranding(ctx: AppContext, actor: Actor): Promise<EffectiveBranding> {
  return resolveBranding(ctx.db, actor.tenantId);
}
