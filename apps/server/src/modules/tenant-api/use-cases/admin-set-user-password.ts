import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { tenantOfUser } from '../../users/use-cases/list-tenant-users.js';
import { updateUser } from '../../users/use-cases/update-user.js';
import { managedTenantIds, type TenantApiRow } from '../tenant-api.repository.js';

/**
 * `users`: sets a user's password, as their company's administrator would (every session of the
 * user ends). Only a user of a company this token created; any other is 404 alike.
 */
export async function adminSetUserPassword(ctx: AppContext, api: TenantApiRow, userId: number, password: string): Promise<void> {
  const tenantId = await tenantOfUser(ctx, userId);
  const managed = tenantId === undefined ? [] : await managedTenantIds(ctx.db, api.id, [tenantId]);
  if (tenantId === undefined || managed.length === 0) throw new AppError('ERR_NO_USER_FOUND');
  await updateUser(ctx, { userId: 0, tenantId, profile: 'admin', sessionId: `tenant-api:${api.id}` }, userId, { password });
}
