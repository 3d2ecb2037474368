import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { deleteTenantApi as deleteRow } from '../tenant-api.repository.js';

/** Deletes a token and its call log; the companies it created stay, managed from /tenants. */
export async function deleteTenantApi(ctx: AppContext, id: string): Promise<void> {
  if (!(await deleteRow(ctx.db, id))) throw new AppError('ERR_NO_TENANT_API_FOUND');
}
