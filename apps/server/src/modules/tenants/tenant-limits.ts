import type { Db } from '../../platform/db/client.js';
import type { FieldIssue } from '@conversa/shared';
import { countChannelsByTenant } from '../channels/use-cases/count-channels-by-tenant.js';
import { countUsersByTenant } from '../users/use-cases/count-users-by-tenant.js';

export interface TenantUsage {
  users: number;
  connections: number;
}

/** What each of these companies uses now (users and channels), counted by their modules. */
export async function usageOfTenants(tx: Db, tenantIds: number[]): Promise<Map<number, TenantUsage>> {
  const users = await countUsersByTenant(tx, tenantIds);
  const channels = await countChannelsByTenant(tx, tenantIds);
  return new Map(tenantIds.map((id) => [id, { users: users.get(id) ?? 0, connections: channels.get(id) ?? 0 }]));
}

/**
 * Whether a limit change takes a company below what it uses: only a LOWERED limit under the usage
 * counts. A company already above its limit (its plan was changed, users made before a limit) keeps
 * working and can still be edited or given a higher limit; the limit checks stop new users/channels.
 */
export function lowersBelowUsage(next: number | undefined, current: number, usage: number): boolean {
  return next !== undefined && next < current && next < usage;
}

/** The field problems of a company's limits lowered below its usage (PUT /tenants/:id, 400 ERR_VALIDATION). */
export function limitBelowUsageProblems(
  next: { maxUsers?: number; maxConnections?: number },
  current: { maxUsers: number; maxConnections: number },
  usage: TenantUsage,
): Record<string, { message: string; issue: FieldIssue }[]> {
  const problems: Record<string, { message: string; issue: FieldIssue }[]> = {};
  if (lowersBelowUsage(next.maxUsers, current.maxUsers, usage.users)) {
    problems.maxUsers = [
      {
        message: `The company already has ${usage.users} users; remove users before lowering the limit.`,
        issue: { code: 'custom', rule: 'limitBelowUsers', minimum: usage.users },
      },
    ];
  }
  if (lowersBelowUsage(next.maxConnections, current.maxConnections, usage.connections)) {
    problems.maxConnections = [
      {
        message: `The company already has ${usage.connections} connections; remove connections before lowering the limit.`,
        issue: { code: 'custom', rule: 'limitBelowConnections', minimum: usage.connections },
      },
    ];
  }
  return problems;
}
