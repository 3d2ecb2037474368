import type { BrandingImageKind } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanCustomise, assertCanSetBackground } from '../branding.policy.js';
import { deleteBrandingFiles, lockTenantBranding, updateTenantBranding, type BrandingChanges } from '../branding.repository.js';
import { resolveBranding, type EffectiveBranding } from './resolve-branding.js';
import { FILES_OF, KEY_COLUMN } from './upload-branding-image.js';

/** DELETE /tenants/branding/{kind}: the company's image goes; it shows the platform's again (tenant 1: none). */
export async function removeBrandingImage(ctx: AppContext, actor: Actor, kind: BrandingImageKind): Promise<EffectiveBranding> {
  assertCanCustomise(actor);
  if (kind === 'background') assertCanSetBackground(actor);
  await transact(ctx, async (tx) => {
    const row = await lockTenantBranding(tx, actor.tenantId);
    const keys = FILES_OF[kind].map((file) => row[KEY_COLUMN[file]]).filter((key): key is string => typeof key === 'string');
    const changes: BrandingChanges = {};
    for (const file of FILES_OF[kind]) changes[KEY_COLUMN[file]] = null;
    await updateTenantBranding(tx, actor.tenantId, changes);
    await deleteBrandingFiles(tx, actor.tenantId, keys);
  });
  return resolveBranding(ctx.db, actor.tenantId);
}
