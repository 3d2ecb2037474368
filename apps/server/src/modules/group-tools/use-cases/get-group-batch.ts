import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { findGroupBatch, listBatchItems, type GroupActionView, type GroupBatchRow } from '../group-tools.repository.js';

/** A bulk action with its items: per group (and number) the result, for the progress and the report. */
export async function getGroupBatch(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<{ batch: GroupBatchRow; items: GroupActionView[] }> {
  const batch = await findGroupBatch(ctx.db, actor.tenantId, id);
  if (!batch) throw new AppError('ERR_NO_GROUP_BATCH_FOUND');
  return { batch, items: await listBatchItems(ctx.db, actor.tenantId, id) };
}
