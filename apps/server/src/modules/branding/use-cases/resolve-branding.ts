import { DEFAULT_APP_NAME, MAIN_TENANT_ID, paletteOf, type Palette } from '@conversa/shared';
import type { Db } from '../../../platform/db/client.js';
import { findTenantBrandings, type TenantBrandingRow } from '../branding.repository.js';

/** What a company shows: its own settings over the platform's (tenant 1's) over Conversa's defaults. */
export interface EffectiveBranding {
  tenantId: number;
  appName: string;
  logoKey: string | null;
  faviconKey: string | null;
  icon192Key: string | null;
  icon512Key: string | null;
  backgroundKey: string | null;
  palette: Palette;
  /** The company's own row (undefined: it never customised anything). */
  own: TenantBrandingRow | undefined;
  /** Tenant 1's row, which every company inherits. */
  platform: TenantBrandingRow | undefined;
}

export async function resolveBranding(db: Db, tenantId: number): Promise<EffectiveBranding> {
  const rows = await findTenantBrandings(db, tenantId === MAIN_TENANT_ID ? [MAIN_TENANT_ID] : [tenantId, MAIN_TENANT_ID]);
  const platform = rows.find((row) => row.tenantId === MAIN_TENANT_ID);
  const own = rows.find((row) => row.tenantId === tenantId);
  // The favicon and the icons made from it go together: a company's favicon brings its own icons.
  const icons = own?.faviconKey ? own : platform;
  return {
    tenantId,
    appName: own?.appName ?? platform?.appName ?? DEFAULT_APP_NAME,
    logoKey: own?.logoKey ?? platform?.logoKey ?? null,
    faviconKey: icons?.faviconKey ?? null,
    icon192Key: icons?.icon192Key ?? null,
    icon512Key: icons?.icon512Key ?? null,
    // The login page is the platform's: a company's background would be shown nowhere.
    backgroundKey: platform?.backgroundKey ?? null,
    palette: paletteOf([platform?.systemColors ?? {}, own?.systemColors ?? {}]),
    own,
    platform,
  };
}
