import type { User } from '@conversa/shared';

/** A user of tenant 1 as GET /users/ lists it (component tests). */
export function testUser(id: number, name: string, profile: User['profile'], email = `${name.toLowerCase()}@example.com`): User {
  return {
    id,
    tenantId: 1,
    name,
    email,
    profile,
    isOnline: false,
    lastOnline: null,
    blockWavoip: false,
    configs: { filtrosAtendimento: null, isDark: false, language: null, notificationSound: true },
    queues: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}
