import { MAIN_TENANT_ID, type signupBodySchema } from '@conversa/shared';
import type { z } from 'zod';
import type { AppContext } from '../../../app-context.js';
import { AppError, isUniqueViolation } from '../../../platform/http/app-error.js';
import { hashPassword } from '../../auth/passwords.js';
import { takeAttempt } from '../../auth/rate-limit.js';
import { findPlanById } from '../../plans/use-cases/find-plan.js';
import { readSetting } from '../../settings/use-cases/read-setting.js';
import { insertUserWithinLimit } from '../../users/use-cases/create-user.js';
import { findUserByEmailAnyTenant } from '../../users/use-cases/find-user-by-email-any-tenant.js';
import { insertTenant } from '../tenants.repository.js';
import { newSubscriptionTerms } from '../../billing/use-cases/new-subscription.js';

export type SignUpInput = z.output<typeof signupBodySchema>;

/** The one answer of a sign-up, whether the e-mail was free or not. */
export const SIGNUP_ANSWER =
  'Cadastro recebido. Se este e-mail ainda não tinha conta, você já pode entrar com ele e a sua senha; se já tinha, enviamos as instruções para ele.';

/**
 * Public sign-up: a new tenant on the chosen plan and its admin. The profile is always admin, never
 * from the body. The answer is the same whether the e-mail already has an account or not (no
 * account enumeration): for a taken e-mail nothing is created and its owner is told by e-mail,
 * with the way to sign in or reset the password. Limited per IP and per e-mail (5 a minute).
 */
export async function signUp(ctx: AppContext, input: SignUpInput & { ip: string }): Promise<{ message: string }> {
  if ((await readSetting(ctx.db, MAIN_TENANT_ID, 'userCreation')) === 'disabled') throw new AppError('ERR_USER_CREATION_DISABLED');
  await takeAttempt(ctx.db, [`signup:ip:${input.ip}`, `signup:email:${input.email}`]);

  const passwordHash = await hashPassword(input.password);
  const plan = await findPlanById(ctx.db, input.planId);
  if (!plan) throw new AppError('ERR_NO_PLAN_FOUND');
  if (await findUserByEmailAnyTenant(ctx.db, input.email)) {
    await tellOwner(ctx, input.email);
    return { message: SIGNUP_ANSWER };
  }
  try {
    await ctx.db.transaction(async (tx) => {
      const tenant = await insertTenant(tx, {
        name: input.name,
        status: 'active',
        identity: input.identity,
        phone: input.phone,
        maxUsers: plan.users,
        maxConnections: plan.connections,
        // The plan's trial, then billed through the platform's payment provider (issue 15).
        ...newSubscriptionTerms(plan, ctx.clock.now(), { paymentActive: true }),
        planId: plan.id,
      });
      await insertUserWithinLimit(tx, tenant.id, { name: input.name, email: input.email, passwordHash, profile: 'admin' });
    });
  } catch (error) {
    // Taken between the check and the insert: the same answer.
    if (!isUniqueViolation(error, 'users_email_key')) throw error;
    await tellOwner(ctx, input.email);
  }
  return { message: SIGNUP_ANSWER };
}

async function tellOwner(ctx: AppContext, email: string): Promise<void> {
  const base = ctx.appUrl.replace(/\/$/, '');
  await ctx.jobs.send('email.send', {
    to: email,
    subject: 'Conversa — tentativa de cadastro / sign-up attempt',
    text:
      `Alguém tentou criar uma conta no Conversa com este e-mail, que já tem uma conta.\n` +
      `Se foi você, entre em ${base}/#/login ou, se esqueceu a senha, peça uma nova na tela de login.\n\n` +
      `Someone tried to sign up to Conversa with this e-mail, which already has an account.\n` +
      `If it was you, sign in at ${base}/#/login or, if you forgot your password, ask for a new one on the login page.\n\n` +
      `Se não foi você, ignore este e-mail. / If it was not you, ignore this e-mail.`,
  });
}
