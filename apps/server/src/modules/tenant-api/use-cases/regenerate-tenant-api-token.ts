import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { generateApiToken } from '../../../platform/http/api-tokens.js';
import { findTenantApiView, updateTenantApi, type TenantApiView } from '../tenant-api.repository.js';

/** A new token, answered once in full; the old one is refused from the commit on. */
export async function regenerateTenantApiToken(ctx: AppContext, id: string): Promise<{ api: TenantApiView; token: string }> {
  const { token, hash, last4 } = generateApiToken();
  if (!(await updateTenantApi(ctx.db, id, { tokenHash: hash, tokenLast4: last4 }))) throw new AppError('ERR_NO_TENANT_API_FOUND');
  return { api: (await findTenantApiView(ctx.db, id))!, token };
}
