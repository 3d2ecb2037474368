import type { TagRef } from '@conversa/shared';
import type { Db } from '../../../platform/db/client.js';
import { tagsOfContacts as readTagsOfContacts } from '../tags.repository.js';

/** The tags each contact carries, by name (for the contacts module's answers). */
export function tagsOfContacts(db: Db, tenantId: number, contactIds: number[]): Promise<Map<number, TagRef[]>> {
  return readTagsOfContacts(db, tenantId, contactIds);
}
