import type { TenantApiBody } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { generateApiToken } from '../../../platform/http/api-tokens.js';
import { findTenantApiView, insertTenantApi, type TenantApiView } from '../tenant-api.repository.js';

/** A new Tenant API token, answered once in full (only its hash is stored). */
export async function createTenantApi(ctx: AppContext, input: TenantApiBody): Promise<{ api: TenantApiView; token: string }> {
  const { token, hash, last4 } = generateApiToken();
  const row = await insertTenantApi(ctx.db, { name: input.name, active: input.active ?? true, tokenHash: hash, tokenLast4: last4 });
  return { api: (await findTenantApiView(ctx.db, row.id))!, token };
}
