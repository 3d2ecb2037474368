import type { Lane } from '@conversa/shared';
import type { LaneWithCount } from './lanes.repository.js';

export function presentLane(row: LaneWithCount): Lane {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    position: row.position,
    ticketCount: row.ticketCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
