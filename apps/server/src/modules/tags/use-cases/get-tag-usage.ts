import type { TagUsage } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanManageTags } from '../tags.policy.js';
import { countTagUsage, findTagById } from '../tags.repository.js';

/** How many tickets and contacts carry the tag: what deleting it would detach. */
export async function getTagUsage(ctx: AppContext, actor: Actor, id: number): Promise<TagUsage> {
  assertCanManageTags(actor);
  if (!(await findTagById(ctx.db, actor.tenantId, id))) throw new AppError('ERR_NO_TAG_FOUND');
  return countTagUsage(ctx.db, actor.tenantId, id);
}
