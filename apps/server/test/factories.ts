import type { Profile } from '@conversa/shared';
import type { AppContext } from '../src/app-context.js';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { insertPlan, type PlanRow } from '../src/modules/plans/plans.repository.js';
import { insertTenant, type NewTenant, type TenantRow } from '../src/modules/tenants/tenants.repository.js';
import { insertUser, type UserRow } from '../src/modules/users/users.repository.js';

let sequence = 0;
const next = () => `${process.pid}-${++sequence}`;

export const DEFAULT_PASSWORD = 'Secret-pass-1!';

export async function buildTenant(ctx: AppContext, overrides: Partial<NewTenant> = {}): Promise<TenantRow> {
  return insertTenant(ctx.db, { name: `Tenant ${next()}`, status: 'active', maxUsers: 50, maxConnections: 5, ...overrides });
}

// Argon2id costs ≈ 14 ms of CPU a hash (OWASP's parameters): users built with the same password share
// one hash, computed once per worker process. Each still signs in through the real verification.
const hashes = new Map<string, Promise<string>>();
function hashOf(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

export async function buildUser(
  ctx: AppContext,
  tenantId: number,
  overrides: { profile?: Profile; email?: string; name?: string; password?: string } = {},
): Promise<UserRow & { password: string }> {
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const row = await insertUser(ctx.db, tenantId, {
    name: overrides.name ?? `User ${next()}`,
    email: overrides.email ?? `user-${next()}@example.test`,
    passwordHash: await hashOf(password),
    profile: overrides.profile ?? 'user',
  });
  return { ...row, password };
}

export async function buildPlan(ctx: AppContext, overrides: Partial<Omit<PlanRow, 'id'>> = {}): Promise<PlanRow> {
  return insertPlan(ctx.db, { name: `Plan ${next()}`, value: 99.9, connections: 2, users: 3, trial: false, trialDays: 0, ...overrides });
}
