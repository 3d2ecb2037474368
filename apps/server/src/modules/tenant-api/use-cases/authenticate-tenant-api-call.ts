import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { apiTokenMatches } from '../../../platform/http/api-tokens.js';
import { findTenantApi, type TenantApiRow } from '../tenant-api.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The token an administration call acts with: `apiId` from the path and `Authorization: Bearer`.
 * As for the external API, a missing token, an unknown id and another token all get the same 401
 * ERR_API_TOKEN_REQUIRED; only the right token learns that it is inactive (403).
 */
export async function authenticateTenantApiCall(ctx: AppContext, apiId: string, token: string | undefined): Promise<TenantApiRow> {
  if (!token || !UUID.test(apiId)) throw new AppError('ERR_API_TOKEN_REQUIRED');
  const api = await findTenantApi(ctx.db, apiId.toLowerCase());
  if (!api || !apiTokenMatches(token, api.tokenHash)) throw new AppError('ERR_API_TOKEN_REQUIRED');
  if (!api.active) throw new AppError('ERR_TENANT_API_INACTIVE');
  return api;
}
