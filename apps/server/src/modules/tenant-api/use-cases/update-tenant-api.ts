import type { TenantApiBody } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { findTenantApiView, updateTenantApi as updateRow, type TenantApiView } from '../tenant-api.repository.js';

/** Renames, deactivates or reactivates a token (an inactive one is refused with 403 ERR_TENANT_API_INACTIVE). */
export async function updateTenantApi(ctx: AppContext, id: string, input: TenantApiBody): Promise<TenantApiView> {
  if (!(await updateRow(ctx.db, id, { name: input.name, active: input.active ?? true }))) throw new AppError('ERR_NO_TENANT_API_FOUND');
  return (await findTenantApiView(ctx.db, id))!;
}
