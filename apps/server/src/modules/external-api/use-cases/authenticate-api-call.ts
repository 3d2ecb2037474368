import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { apiTokenMatches } from '../../../platform/http/api-tokens.js';
import { findApiConfigForCall, type ApiCallConfig } from '../external-api.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The configuration an external call acts for: `apiId` from the path and the token from
 * `Authorization: Bearer`. A missing token, an unknown id and a token that is not this
 * configuration's (another configuration's, of this tenant or another) all get the same 401
 * ERR_API_TOKEN_REQUIRED, so a caller learns nothing about which ids exist. Only with the right
 * token: 403 ERR_API_CONFIG_INACTIVE for a deactivated configuration, ERR_TENANT_INACTIVE for a
 * suspended company, 402 ERR_TENANT_OVERDUE for one blocked for payment: returned as `refused`
 * beside the configuration, so that the call is still logged in that configuration's calls (an
 * operator looking for why an automation fails finds it there).
 */
export async function authenticateApiCall(
  ctx: AppContext,
  apiId: string,
  token: string | undefined,
): Promise<{ config: ApiCallConfig; refused: AppError | null }> {
  if (!token || !UUID.test(apiId)) throw new AppError('ERR_API_TOKEN_REQUIRED');
  const config = await findApiConfigForCall(ctx.db, apiId.toLowerCase());
  if (!config || !apiTokenMatches(token, config.tokenHash)) throw new AppError('ERR_API_TOKEN_REQUIRED');
  if (!config.active) return { config, refused: new AppError('ERR_API_CONFIG_INACTIVE') };
  if (config.tenantStatus !== 'active') return { config, refused: new AppError('ERR_TENANT_INACTIVE') };
  // A company blocked for payment (trial ended, payment overdue): 402, as its users' routes.
  if (config.billingBlock) return { config, refused: new AppError('ERR_TENANT_OVERDUE') };
  return { config, refused: null };
}
