import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { withDuplicateNameCheck } from '../tag-rules.js';
import { assertCanManageTags } from '../tags.policy.js';
import { insertTag, type TagRow } from '../tags.repository.js';
import type { CreateTagInput } from '../tags.schemas.js';

export async function createTag(ctx: AppContext, actor: Actor, input: CreateTagInput): Promise<TagRow> {
  assertCanManageTags(actor);
  return withDuplicateNameCheck(() => insertTag(ctx.db, actor.tenantId, input));
}
