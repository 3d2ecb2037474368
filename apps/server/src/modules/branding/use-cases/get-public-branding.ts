import { MAIN_TENANT_ID } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { resolveBranding, type EffectiveBranding } from './resolve-branding.js';

/**
 * The platform's branding (tenant 1's), which the login, sign-up and password-reset pages show
 * before anyone is known (GET /publicBranding, GET /publicSystemColors, the web app manifest).
 */
export async function getPublicBranding(ctx: AppContext): Promise<EffectiveBranding> {
  return resolveBranding(ctx.db, MAIN_TENANT_ID);
}
