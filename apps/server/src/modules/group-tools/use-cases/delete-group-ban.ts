import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { deleteGroupBan as deleteBanRow } from '../group-tools.repository.js';

export async function deleteGroupBan(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  if (!(await deleteBanRow(ctx.db, actor.tenantId, id))) throw new AppError('ERR_NO_GROUP_ENTRY_FOUND');
}
