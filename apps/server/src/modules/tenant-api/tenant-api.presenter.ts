import { TENANT_API_PREFIX, type AdminTenant, type TenantApi } from '@conversa/shared';
import { maskApiToken } from '../../platform/http/api-tokens.js';
import type { TenantWithCount } from '../tenants/tenants.repository.js';
import type { UserRow } from '../users/users.repository.js';
import type { TenantApiView } from './tenant-api.repository.js';

export function presentTenantApi(row: TenantApiView): TenantApi {
  return {
    id: row.id,
    name: row.name,
    active: row.active,
    tokenMasked: maskApiToken(row.tokenLast4),
    basePath: `${TENANT_API_PREFIX}/${row.id}`,
    tenantCount: Number(row.tenantCount),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A company as a reseller sees it: never its payment-provider token. */
export function presentAdminTenant(row: TenantWithCount): AdminTenant {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    phone: row.phone,
    planId: row.planId,
    maxUsers: row.maxUsers,
    maxConnections: row.maxConnections,
    trial: row.trial,
    trialDays: row.trialDays,
    userCount: Number(row.userCount),
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentAdminTenantUser(row: UserRow) {
  return { id: row.id, name: row.name, email: row.email, profile: row.profile, createdAt: row.createdAt.toISOString() };
}
