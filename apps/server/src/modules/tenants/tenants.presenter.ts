import { SECRET_MASK, type Tenant } from '@conversa/shared';
import type { TenantWithCount } from './tenants.repository.js';

/** A tenant as the platform administration sees it; the payment token only masked. */
export function presentTenant(row: TenantWithCount): Tenant {
  return {
    id: row.id,
    status: row.status,
    name: row.name,
    maxUsers: row.maxUsers,
    maxConnections: row.maxConnections,
    identity: row.identity,
    paymentToken: row.paymentToken ? SECRET_MASK : null,
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
