import { paletteOf, type Palette, type systemColorsBodySchema } from '@conversa/shared';
import type { z } from 'zod';
import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanCustomise } from '../branding.policy.js';
import { lockTenantBranding, updateTenantBranding } from '../branding.repository.js';
import { resolveBranding, type EffectiveBranding } from './resolve-branding.js';

/**
 * PUT /tenants/systemColors/ (SPEC §7): the company's palette. Only the colours given are kept as
 * its own (the others follow the platform's); an empty array removes its palette. Tenant 1's palette
 * is the platform's, which every company without its own shows, and the login page too.
 */
export async function saveSystemColors(
  ctx: AppContext,
  actor: Actor,
  items: z.output<typeof systemColorsBodySchema>,
): Promise<EffectiveBranding> {
  assertCanCustomise(actor);
  const given = paletteOf(items, {} as Palette);
  const own = Object.keys(given).length ? given : null;
  await transact(ctx, async (tx) => {
    await lockTenantBranding(tx, actor.tenantId);
    await updateTenantBranding(tx, actor.tenantId, { systemColors: own });
  });
  return resolveBranding(ctx.db, actor.tenantId);
}
