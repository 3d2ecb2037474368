import type { Tag, TagRef } from '@conversa/shared';
import type { TagRow } from './tags.repository.js';

export function presentTag(row: TagRow): Tag {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const presentTagRef = (row: Pick<TagRow, 'id' | 'name' | 'color'>): TagRef => ({ id: row.id, name: row.name, color: row.color });
