import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanManageTags } from '../tags.policy.js';
import { deleteTagRow } from '../tags.repository.js';
import { tagChangedEvents } from './tag-events.js';

/** Deletes the tag and detaches it from every ticket and contact (the screen confirms with GET /tags/{id}/usage first). */
export async function deleteTag(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  assertCanManageTags(actor);
  const { tenantId } = actor;
  await transact(ctx, async (tx, events) => {
    // Read before the delete: the links go with it.
    const changed = await tagChangedEvents(tx, tenantId, id);
    if (!(await deleteTagRow(tx, tenantId, id))) throw new AppError('ERR_NO_TAG_FOUND');
    events.push(...changed);
  });
}
