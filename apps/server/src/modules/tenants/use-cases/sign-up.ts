import { MAIN_TENANT_ID, type signupBodySchema } from '@conversa/shared';
import type { z } from 'zod';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { hashPassword } from '../../auth/passwords.js';
import { takeAttempt } from '../../auth/rate-limit.js';
import { findPlanById } from '../../plans/plans.repository.js';
import { readSetting } from '../../settings/settings.repository.js';
import { insertUserWithinLimit } from '../../users/use-cases/create-user.js';
import { insertTenant } from '../tenants.repository.js';

export type SignUpInput = z.output<typeof signupBodySchema>;

/** Public sign-up: a new tenant on the chosen plan and its admin. The profile is always admin, never from the body. */
export async function signUp(ctx: AppContext, input: SignUpInput & { ip: string }): Promise<{ tenantId: number; userId: number }> {
  if ((await readSetting(ctx.db, MAIN_TENANT_ID, 'userCreation')) === 'disabled') throw new AppError('ERR_USER_CREATION_DISABLED');
  await takeAttempt(ctx.db, [`signup:ip:${input.ip}`]);

  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const plan = await findPlanById(tx, input.planId);
    if (!plan) throw new AppError('ERR_NO_PLAN_FOUND');
    const tenant = await insertTenant(tx, {
      name: input.name,
      status: 'active',
      identity: input.identity,
      phone: input.phone,
      maxUsers: plan.users,
      maxConnections: plan.connections,
      trial: plan.trial,
      trialDays: plan.trialDays,
      planId: plan.id,
    });
    const user = await insertUserWithinLimit(tx, tenant.id, { name: input.name, email: input.email, passwordHash, profile: 'admin' });
    return { tenantId: tenant.id, userId: user.id };
  });
}
