import type { z } from 'zod';
import type { createTenantBodySchema } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { Db } from '../../../platform/db/client.js';
import { AppError, isUniqueViolation } from '../../../platform/http/app-error.js';
import { hashPassword } from '../../auth/passwords.js';
import { findPlanById } from '../../plans/plans.repository.js';
import { insertUserWithinLimit } from '../../users/use-cases/create-user.js';
import { findTenantById, insertTenant, type TenantWithCount } from '../tenants.repository.js';

export type CreateTenantInput = z.output<typeof createTenantBodySchema>;

/**
 * Creates a tenant and, optionally, its first administrator, in one transaction; `onCreated` runs
 * in it too (the Tenant API records which token made the company, or nothing is kept).
 */
export async function createTenant(
  ctx: AppContext,
  input: CreateTenantInput & { phone?: string | null },
  onCreated?: (tx: Db, tenantId: number) => Promise<void>,
): Promise<TenantWithCount> {
  const { admin, ...fields } = input;
  const passwordHash = admin ? await hashPassword(admin.password) : undefined;
  // The platform administrator sees every tenant's users: a taken e-mail is told as it is.
  return ctx.db.transaction(async (tx) => {
    if (fields.planId !== null && !(await findPlanById(tx, fields.planId))) throw new AppError('ERR_NO_PLAN_FOUND');
    const tenant = await insertTenant(tx, fields);
    if (admin && passwordHash) {
      await insertUserWithinLimit(tx, tenant.id, { name: admin.name, email: admin.email, passwordHash, profile: 'admin' }).catch((error: unknown) => {
        throw isUniqueViolation(error, 'users_email_key') ? new AppError('ERR_DUPLICATED_EMAIL') : error;
      });
    }
    await onCreated?.(tx, tenant.id);
    return (await findTenantById(tx, tenant.id))!;
  });
}
