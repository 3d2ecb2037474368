import type { AppContext } from '../../app-context.js';
import { AppError, isUniqueViolation } from '../../platform/http/app-error.js';
import { assertBudgetLeft, spendBudget, type RevealBudget } from '../auth/rate-limit.js';
import { findUserByEmailAnyTenant } from './users.repository.js';

/**
 * E-mails are unique on the whole platform (login is by e-mail alone), so refusing a taken one
 * tells that it exists somewhere. An admin may learn it about the users of their own tenant
 * (409 ERR_DUPLICATED_EMAIL, as always); about other tenants, each such answer spends a small
 * budget of the tenant, and once it is spent every creation or e-mail change by its admins is
 * refused for the hour (ERR_LIMIT_MAX), free e-mails included, so probing stops after a handful of
 * answers. Public sign-up and one's own e-mail change answer uniformly instead
 * (tenants/use-cases/sign-up.ts, use-cases/request-email-change.ts).
 */
export const EMAIL_CONFLICT_BUDGET = { max: 5, windowSeconds: 3600 } as const;

export const adminConflictBudget = (tenantId: number): RevealBudget => ({
  key: `email-conflict:tenant:${tenantId}`,
  ...EMAIL_CONFLICT_BUDGET,
});

/**
 * Runs a write that may set `email`; a taken e-mail becomes 409 ERR_DUPLICATED_EMAIL, after spending
 * the budget unless the e-mail belongs to `ownTenantId` (the admin's own tenant).
 */
export async function withEmailConflictBudget<T>(
  ctx: AppContext,
  budget: RevealBudget,
  email: string | undefined,
  ownTenantId: number,
  write: () => Promise<T>,
): Promise<T> {
  if (email !== undefined) await assertBudgetLeft(ctx.db, budget);
  try {
    return await write();
  } catch (error) {
    if (email === undefined || !isUniqueViolation(error, 'users_email_key')) throw error;
    const holder = await findUserByEmailAnyTenant(ctx.db, email);
    if (holder?.tenantId !== ownTenantId) await spendBudget(ctx.db, budget);
    throw new AppError('ERR_DUPLICATED_EMAIL');
  }
}
