import type { Team } from '@conversa/shared';
import type { TeamWithUsers } from './teams.repository.js';

export function presentTeam(row: TeamWithUsers): Team {
  return {
    id: row.id,
    name: row.name,
    isActive: row.isActive,
    users: row.users,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
