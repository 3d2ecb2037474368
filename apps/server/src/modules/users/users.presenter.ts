import { userConfigsSchema, type User, type UserConfigs } from '@conversa/shared';
import type { UserRow } from './users.repository.js';

/** The stored preferences with every key's default (rows saved before a key existed lack it). */
export function presentUserConfigs(configs: Partial<UserConfigs> | null | undefined): UserConfigs {
  const parsed = userConfigsSchema.safeParse(configs ?? {});
  return parsed.success ? parsed.data : userConfigsSchema.parse({});
}

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
    configs: presentUserConfigs(row.configs),
    queues,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
