import { colorObjectsOf, MAIN_TENANT_ID, type Branding, type SystemColors, type TenantBranding } from '@conversa/shared';
import type { EffectiveBranding } from './use-cases/resolve-branding.js';

/** The public address of a branding image (immutable: a new upload gets a new key). */
export function brandingFileUrl(key: string | null | undefined): string | null {
  return key ? `/branding/files/${key}` : null;
}

export function presentBranding(branding: EffectiveBranding): Branding {
  return {
    appName: branding.appName,
    logoUrl: brandingFileUrl(branding.logoKey),
    faviconUrl: brandingFileUrl(branding.faviconKey),
    iconUrls:
      branding.icon192Key && branding.icon512Key
        ? { 192: brandingFileUrl(branding.icon192Key)!, 512: brandingFileUrl(branding.icon512Key)! }
        : null,
    backgroundUrl: brandingFileUrl(branding.backgroundKey),
    systemColors: colorObjectsOf(branding.palette),
  };
}

export function presentSystemColors(branding: EffectiveBranding): SystemColors {
  const own = branding.own?.systemColors;
  return { systemColors: colorObjectsOf(branding.palette), inherited: !own || Object.keys(own).length === 0 };
}

/** The /customizar screen: each setting with whether the company set it or inherits it. */
export function presentTenantBranding(branding: EffectiveBranding): TenantBranding {
  const own = branding.own;
  return {
    platform: branding.tenantId === MAIN_TENANT_ID,
    appName: { value: branding.appName, inherited: !own?.appName },
    logo: { url: brandingFileUrl(branding.logoKey), inherited: !own?.logoKey },
    favicon: { url: brandingFileUrl(branding.faviconKey), inherited: !own?.faviconKey },
    background: { url: brandingFileUrl(branding.backgroundKey), inherited: !own?.backgroundKey },
    systemColors: presentSystemColors(branding),
  };
}
