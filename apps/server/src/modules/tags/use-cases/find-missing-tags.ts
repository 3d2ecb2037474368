import type { Db } from '../../../platform/db/client.js';
import { findTagsByIds } from '../tags.repository.js';

/** The ids among `tagIds` that name no tag of the tenant (deleted, or another tenant's). */
export async function findMissingTags(db: Db, tenantId: number, tagIds: number[]): Promise<number[]> {
  const wanted = [...new Set(tagIds)];
  const found = await findTagsByIds(db, tenantId, wanted);
  return wanted.filter((id) => !found.some((tag) => tag.id === id));
}
