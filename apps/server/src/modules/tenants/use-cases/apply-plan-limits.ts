import type { Db } from '../../../platform/db/client.js';
import { lowersBelowUsage, usageOfTenants } from '../tenant-limits.js';
import { lockTenantsOnPlan, setLimitsOfTenantsOnPlan } from '../tenants.repository.js';

export type PlanLimitsOutcome =
  | { applied: true; companies: number }
  /** How many companies use more users / connections than the new limits allow (nothing changed). */
  | { applied: false; overUsers: number; overConnections: number };

/**
 * A plan's new limits reach the companies on it, in the caller's transaction (the plan edit, which
 * has locked the plan: no company joins it meanwhile). The companies' rows are locked first, so a
 * user or channel being created in one of them (which locks it too) is counted or waits.
 *
 * Decided: a company that already uses more than a LOWERED limit makes the whole change refused
 * (nothing applied; the caller says how many companies are over), as lowering one company's limit
 * below its usage is refused (PUT /tenants/:id). A company already over a limit that is not lowered
 * does not stop it. Every company on the plan gets the new limit, including one whose limits the
 * operator had typed by hand (the plan form warns that the new limits reach all of them).
 */
export async function applyPlanLimits(
  tx: Db,
  planId: number,
  limits: { users?: number; connections?: number },
): Promise<PlanLimitsOutcome> {
  const companies = await lockTenantsOnPlan(tx, planId);
  if (companies.length === 0) return { applied: true, companies: 0 };
  const usage = await usageOfTenants(
    tx,
    companies.map((company) => company.id),
  );
  let overUsers = 0;
  let overConnections = 0;
  for (const company of companies) {
    const used = usage.get(company.id)!;
    if (lowersBelowUsage(limits.users, company.maxUsers, used.users)) overUsers += 1;
    if (lowersBelowUsage(limits.connections, company.maxConnections, used.connections)) overConnections += 1;
  }
  if (overUsers > 0 || overConnections > 0) return { applied: false, overUsers, overConnections };
  await setLimitsOfTenantsOnPlan(tx, planId, { maxUsers: limits.users, maxConnections: limits.connections });
  return { applied: true, companies: companies.length };
}
