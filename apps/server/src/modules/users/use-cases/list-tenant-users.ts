import type { AppContext } from '../../../app-context.js';
import { findUserByIdAnyTenant, listUsers, type UserRow } from '../users.repository.js';

/** Every user of a company (up to `limit`), by name: for the platform's administration, not a tenant's screens. */
export async function listTenantUsers(ctx: AppContext, tenantId: number, limit = 1000): Promise<UserRow[]> {
  return (await listUsers(ctx.db, tenantId, { limit, offset: 0 })).rows;
}

/** The company a user belongs to, whatever it is (platform administration only). */
export async function tenantOfUser(ctx: AppContext, userId: number): Promise<number | undefined> {
  return (await findUserByIdAnyTenant(ctx.db, userId))?.tenantId;
}
