import type { AppContext } from '../../../app-context.js';
import { listTenantApis as listRows, type TenantApiView } from '../tenant-api.repository.js';

export async function listTenantApis(ctx: AppContext): Promise<TenantApiView[]> {
  return listRows(ctx.db);
}
