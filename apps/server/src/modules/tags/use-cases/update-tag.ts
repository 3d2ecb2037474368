import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { withDuplicateNameCheck } from '../tag-rules.js';
import { assertCanManageTags } from '../tags.policy.js';
import { findTagById, updateTagRow, type TagRow } from '../tags.repository.js';
import type { UpdateTagInput } from '../tags.schemas.js';
import { tagChangedEvents } from './tag-events.js';

/** Edits what the body names. A renamed or recoloured tag is pushed to the tickets and contacts that carry it. */
export async function updateTag(ctx: AppContext, actor: Actor, id: number, input: UpdateTagInput): Promise<TagRow> {
  assertCanManageTags(actor);
  const { tenantId } = actor;
  return withDuplicateNameCheck(() =>
    transact(ctx, async (tx, events) => {
      const before = await findTagById(tx, tenantId, id);
      if (!before) throw new AppError('ERR_NO_TAG_FOUND');
      const row = await updateTagRow(tx, tenantId, id, input);
      if (!row) throw new AppError('ERR_NO_TAG_FOUND');
      if (row.name !== before.name || row.color !== before.color) events.push(...(await tagChangedEvents(tx, tenantId, id)));
      return row;
    }),
  );
}
