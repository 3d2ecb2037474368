import type { Demand } from '@conversa/shared';
import type { DemandWithCount } from './demands.repository.js';

export function presentDemand(row: DemandWithCount): Demand {
  return {
    id: row.id,
    name: row.name,
    ticketCount: row.ticketCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
