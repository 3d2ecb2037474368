import type { User } from '@conversa/shared';
import type { UserRow } from './users.repository.js';

export function presentUser(row: UserRow): User {
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
    // Queue membership arrives with the queues module.
    queues: [],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
