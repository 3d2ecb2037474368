import type { Plan } from '@conversa/shared';
import type { PlanRow } from './plans.repository.js';

export function presentPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    name: row.name,
    value: Number(row.value),
    connections: row.connections,
    users: row.users,
    trial: row.trial,
    trialDays: row.trialDays,
  };
}
