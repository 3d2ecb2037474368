import { randomBytes } from 'node:crypto';
import type { BrandingImageKind } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import type { Actor } from '../../auth/actor.js';
import { processBrandingImage, type BrandingFileKind } from '../branding-images.js';
import { assertCanCustomise, assertCanSetBackground } from '../branding.policy.js';
import {
  deleteBrandingFiles,
  insertBrandingFile,
  lockTenantBranding,
  updateTenantBranding,
  type BrandingChanges,
  type TenantBrandingRow,
} from '../branding.repository.js';
import { resolveBranding, type EffectiveBranding } from './resolve-branding.js';

/** The column of the company's row that names each stored image. */
export const KEY_COLUMN: Record<BrandingFileKind, keyof TenantBrandingRow & keyof BrandingChanges> = {
  logo: 'logoKey',
  favicon: 'faviconKey',
  icon192: 'icon192Key',
  icon512: 'icon512Key',
  background: 'backgroundKey',
};

/** The stored images one upload replaces (a favicon brings its two manifest icons). */
export const FILES_OF: Record<BrandingImageKind, BrandingFileKind[]> = {
  logo: ['logo'],
  favicon: ['favicon', 'icon192', 'icon512'],
  background: ['background'],
};

/**
 * PUT /tenants/branding/{kind}: the company's logo or favicon, or the platform's login background.
 * The image is checked and re-encoded first (branding-images.ts), then stored under new unguessable
 * keys with the old files deleted, in one transaction: the answer names the new addresses, which
 * browsers may cache for ever.
 */
export async function uploadBrandingImage(
  ctx: AppContext,
  actor: Actor,
  kind: BrandingImageKind,
  content: Buffer,
): Promise<EffectiveBranding> {
  assertCanCustomise(actor);
  if (kind === 'background') assertCanSetBackground(actor);
  const images = await processBrandingImage(kind, content);
  await transact(ctx, async (tx) => {
    const row = await lockTenantBranding(tx, actor.tenantId);
    const replaced = FILES_OF[kind].map((file) => row[KEY_COLUMN[file]]).filter((key): key is string => typeof key === 'string');
    const changes: BrandingChanges = {};
    for (const image of images) {
      const key = randomBytes(24).toString('base64url');
      await insertBrandingFile(tx, actor.tenantId, {
        key,
        kind: image.kind,
        mime: image.mime,
        content: image.content,
        width: image.width,
        height: image.height,
      });
      changes[KEY_COLUMN[image.kind]] = key as never;
    }
    await updateTenantBranding(tx, actor.tenantId, changes);
    await deleteBrandingFiles(tx, actor.tenantId, replaced);
  });
  return resolveBranding(ctx.db, actor.tenantId);
}
