import type { AppContext } from '../../../app-context.js';
import { findTenantById, listTenantsByIds, type TenantWithCount } from '../tenants.repository.js';

/** The companies with these ids, by id (the Tenant API lists the ones its token created). */
export async function listTenantsWithIds(ctx: AppContext, ids: number[]): Promise<TenantWithCount[]> {
  return ids.length ? listTenantsByIds(ctx.db, ids) : [];
}

export async function getTenant(ctx: AppContext, id: number): Promise<TenantWithCount | undefined> {
  return findTenantById(ctx.db, id);
}
