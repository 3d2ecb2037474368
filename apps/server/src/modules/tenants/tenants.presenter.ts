import type { Tenant } from '@conversa/shared';
import type { TenantWithCount } from './tenants.repository.js';

export function presentTenant(row: TenantWithCount): Tenant {
  return {
    id: row.id,
    status: row.status,
    name: row.name,
    maxUsers: row.maxUsers,
    maxConnections: row.maxConnections,
    identity: row.identity,
    paymentToken: row.paymentToken,
    paymentCustomerId: row.paymentCustomerId,
    paymentActive: row.paymentActive,
    trial: row.trial,
    trialDays: row.trialDays,
    hideUnoficial: row.hideUnoficial,
    planId: row.planId,
    userCount: Number(row.userCount),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
