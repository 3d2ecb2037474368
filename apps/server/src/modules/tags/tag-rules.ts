import { AppError, isUniqueViolation } from '../../platform/http/app-error.js';
import type { Db } from '../../platform/db/client.js';
import { findTagsByIds, type TagRow } from './tags.repository.js';

const NAME_CONSTRAINT = 'tags_tenant_name_key';

/** A name already used in the tenant (whatever its case) is refused by the unique index. */
export async function withDuplicateNameCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, NAME_CONSTRAINT)) throw new AppError('ERR_DUPLICATED_TAG', undefined, { name: ['Already used'] });
    throw error;
  }
}

/**
 * The tags a request sets on a ticket or a contact that already carries `current`: every id must be
 * a tag of the tenant (another tenant's is as unknown as a missing one), and an inactive tag may
 * stay where it is but not be added.
 */
export async function tagsToSetOrFail(db: Db, tenantId: number, tagIds: number[], current: number[]): Promise<TagRow[]> {
  const wanted = [...new Set(tagIds)];
  const found = await findTagsByIds(db, tenantId, wanted);
  const missing = wanted.filter((id) => !found.some((tag) => tag.id === id));
  if (missing.length)
    throw new AppError('ERR_NO_TAG_FOUND', `No tag found with ID ${missing.join(', ')}.`, {
      tagIds: [`Unknown tag: ${missing.join(', ')}`],
    });
  const inactive = found.filter((tag) => !tag.isActive && !current.includes(tag.id));
  if (inactive.length) {
    const names = inactive.map((tag) => tag.name).join(', ');
    throw new AppError('ERR_VALIDATION', `An inactive tag cannot be added: ${names}.`, {
      tagIds: [{ message: `An inactive tag cannot be added: ${names}.`, issue: { code: 'custom', rule: 'inactiveTag' } }],
    });
  }
  return found;
}
