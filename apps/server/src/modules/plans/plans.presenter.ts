import type { AdminPlan, Plan } from '@conversa/shared';
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

/** A plan in the platform administration's list: with how many companies are on it. */
export function presentAdminPlan(row: PlanRow & { companies: number }): AdminPlan {
  return { ...presentPlan(row), companies: row.companies };
}
