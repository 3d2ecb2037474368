import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { listApiConfigs as listApiConfigRows, type ApiConfigView } from '../external-api.repository.js';

export async function listApiConfigs(ctx: AppContext, actor: Actor): Promise<ApiConfigView[]> {
  return listApiConfigRows(ctx.db, actor.tenantId);
}
