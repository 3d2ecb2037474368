import type { User } from '@conversa/shared';
import type { UserRow } from './users.repository.js';

export function presentUser(row: UserRow, queues: { id: number; name: string }[] = []): User {
  return {
    id: row.id,
    tenantId: row.tenantId,
    name: row.name,
    email: row.email,
    profile: row.profile,
    isOnline: row.isOnline,
    lastOnline: row.lastOnline ? row.lastOnline.toISOString() : null,
    blockWavoip: row.blockWavoip,
    configs: { filtrosAtendimento: row.configs?.filtrosAtendimento ?? null, isDark: row.configs?.isDark ?? false },
    queues,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
